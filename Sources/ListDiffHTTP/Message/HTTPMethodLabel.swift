/// The method as logs and metrics may name it: clients choose method tokens freely (any
/// `tchar` string up to the request-line limit), so only the methods of RFC 9110 and PATCH
/// are named and every other token is `other`. Label sets stay fixed whatever is sent.
public enum HTTPMethodLabel {
    /// The name of every method but GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS, TRACE and CONNECT.
    public static let other = "other"

    /// `method` if it is known (exact, methods are case-sensitive), else ``other``. O(1).
    public static func label(for method: String) -> String {
        switch method {
        case "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT": return method
        default: return other
        }
    }

    /// At most this many bytes of an unknown method reach the access log.
    static let loggedPrefixBytes = 16

    /// The method for the access log: a named one as is; an unknown one as `other:` and its
    /// first ``loggedPrefixBytes`` bytes, each byte outside `A-Z a-z 0-9 - _ .` as `%XX`, so
    /// a log line stays short and one `key=value` pair whatever the token was.
    static func appendLogged(_ method: String, to buffer: inout [UInt8]) {
        if label(for: method) != other {
            buffer.append(contentsOf: method.utf8)
            return
        }
        buffer.append(contentsOf: "other:".utf8)
        for byte in method.utf8.prefix(loggedPrefixBytes) {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                buffer.append(byte)
            default:
                buffer.append(UInt8(ascii: "%"))
                buffer.append(HTTPBytes.hexDigit(byte >> 4))
                buffer.append(HTTPBytes.hexDigit(byte & 0xF))
            }
        }
        if method.utf8.count > loggedPrefixBytes { buffer.append(contentsOf: "...".utf8) }
    }
}
