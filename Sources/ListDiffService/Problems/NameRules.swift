/// What session and snapshot names may be: 1 to 128 characters of the URL-safe unreserved
/// set (`A-Z a-z 0-9 . _ ~ -`), so a name is the same in a path, a log and a shell — but not
/// `.` or `..`, which clients and proxies remove from paths as dot-segments (RFC 3986 §5.2.4).
enum NameRules {
    static let maxLength = 128

    static func isValid(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard !utf8.isEmpty, utf8.count <= maxLength, name != ".", name != ".." else { return false }
        return utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
    }
}
