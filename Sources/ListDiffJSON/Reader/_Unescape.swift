/// Decoding of JSON string contents that the reader has already validated.
///
/// Inputs are the bytes between the quotes; escapes are known to be well formed and
/// surrogate escapes known to be paired, so no checks are repeated here.
@usableFromInline
enum _Unescape {
    /// Appends the unescaped UTF-8 of `bytes[start..<end]` to `output`. O(end - start).
    @usableFromInline
    static func append(
        _ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, into output: inout [UInt8]
    ) {
        var index = start
        var runStart = start
        while index < end {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index &+= 1
                continue
            }
            if runStart < index {
                output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
            }
            let escape = bytes[index &+ 1]
            index &+= 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(bytes, at: index)
                index &+= 4
                if scalar & 0xFC00 == 0xD800, index &+ 6 <= end {
                    let low = hex4(bytes, at: index &+ 2)
                    scalar = 0x10000 &+ ((scalar &- 0xD800) << 10) &+ (low &- 0xDC00)
                    index &+= 6
                }
                appendUTF8(scalar, to: &output)
            default: output.append(escape)
            }
            runStart = index
        }
        if runStart < end {
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<end]))
        }
    }

    /// The unescaped contents as a `String`. O(end - start).
    @usableFromInline
    static func string(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        append(bytes, from: start, to: end, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The value of four hexadecimal digits at `index` (already validated). O(1).
    @inlinable
    static func hex4(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            value = (value << 4) | UInt32(hexValue(bytes[index &+ offset]))
        }
        return value
    }

    /// The value of one hexadecimal digit, or 0xFF when `byte` is not one. O(1).
    @inlinable
    static func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: 0xFF
        }
    }

    /// Appends the UTF-8 encoding of a Unicode scalar value. O(1).
    @usableFromInline
    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            output.append(UInt8(truncatingIfNeeded: 0xC0 | (scalar >> 6)))
            output.append(UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            output.append(UInt8(truncatingIfNeeded: 0xE0 | (scalar >> 12)))
            output.append(UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F)))
        default:
            output.append(UInt8(truncatingIfNeeded: 0xF0 | (scalar >> 18)))
            output.append(UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 12) & 0x3F)))
            output.append(UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F)))
        }
    }
}
