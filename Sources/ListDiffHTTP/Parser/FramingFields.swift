/// The header fields that decide how a request's body is framed (RFC 9112 §6.3) and whether
/// the client waits for `100 Continue`, noted as the parser reads each header line, by the
/// bytes of its name: ``BodyFraming/decide(_:version:maxBodyBytes:)`` then reads these
/// rather than comparing every field's name with five others once the head is complete.
struct FramingFields {
    /// A header name that takes part in framing.
    enum Name {
        case host, contentLength, transferEncoding, expect, connection

        /// The framing name `bytes` spell (ASCII case ignored), or nil. O(name length).
        init?(_ bytes: UnsafeRawBufferPointer) {
            // The length picks the one candidate, so a name is compared at most once.
            switch bytes.count {
            case 4: self = .host
            case 6: self = .expect
            case 10: self = .connection
            case 14: self = .contentLength
            case 17: self = .transferEncoding
            default: return nil
            }
            let spelling = spelling
            guard
                HTTPHeaders.bytesMatchIgnoringCase(
                    UnsafeBufferPointer(
                        start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count),
                    UnsafeBufferPointer(start: spelling.utf8Start, count: spelling.utf8CodeUnitCount))
            else { return nil }
        }

        var spelling: StaticString {
            switch self {
            case .host: "Host"
            case .contentLength: "Content-Length"
            case .transferEncoding: "Transfer-Encoding"
            case .expect: "Expect"
            case .connection: "Connection"
            }
        }
    }

    var hosts = 0
    /// The first `Content-Length`, kept apart: an array for the usual single one cost an
    /// allocation a request.
    var contentLength: String?
    var moreContentLengths: [String] = []
    var transferEncodings: [String] = []
    var expectations: [String] = []
    var hasConnectionField = false

    /// Notes a field called `name` whose value is `value` (made a string only where kept).
    mutating func note(_ name: Name, value: UnsafeRawBufferPointer) {
        switch name {
        case .host: hosts += 1
        case .contentLength:
            let value = String(decoding: value, as: UTF8.self)
            if contentLength == nil { contentLength = value } else { moreContentLengths.append(value) }
        case .transferEncoding: transferEncodings.append(String(decoding: value, as: UTF8.self))
        case .expect: expectations.append(String(decoding: value, as: UTF8.self))
        case .connection: hasConnectionField = true
        }
    }
}
