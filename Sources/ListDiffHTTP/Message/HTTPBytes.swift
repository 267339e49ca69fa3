/// Byte classes and small helpers of HTTP/1.1 syntax (RFC 9110 §5.6, RFC 9112), over raw
/// bytes so the parser never builds a String to decide anything.
enum HTTPBytes {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")

    /// `tchar` of RFC 9110 (the bytes allowed in a method or a header name) as two bit masks,
    /// bit `n` for byte `n` and for byte `64 + n`: digits, letters and `!#$%&'*+-.^_`|~`.
    /// Constants, where a table (an array in a global) cost a lazy-initialisation check per byte.
    static let lowTokenBytes: UInt64 = 0x03FF_6CFA_0000_0000
    static let highTokenBytes: UInt64 = 0x57FF_FFFF_C7FF_FFFE

    @inline(__always)
    static func isToken(_ byte: UInt8) -> Bool {
        if byte < 64 { return lowTokenBytes >> UInt64(byte) & 1 != 0 }
        return byte < 128 && highTokenBytes >> UInt64(byte - 64) & 1 != 0
    }

    /// Visible ASCII, allowed in a request target.
    @inline(__always)
    static func isTargetByte(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    /// `field-vchar`, space or tab: allowed inside a header value (obs-text included).
    @inline(__always)
    static func isValueByte(_ byte: UInt8) -> Bool { byte >= 0x20 ? byte != 0x7F : byte == tab }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// The value of a hex digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The uppercase hex digit of a value 0–15.
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// `bytes` without leading and trailing spaces and tabs.
    static func trimmed<C: BidirectionalCollection<UInt8>>(_ bytes: C) -> C.SubSequence {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == space || bytes[start] == tab { start = bytes.index(after: start) }
        while end > start {
            let previous = bytes.index(before: end)
            guard bytes[previous] == space || bytes[previous] == tab else { break }
            end = previous
        }
        return bytes[start..<end]
    }
}
