extension JSONWriter {
    /// Appends `"…"` with `"` and `\` escaped, `\b \f \n \r \t` for those controls and
    /// `\u00XX` for the other control characters; everything else (non-ASCII UTF-8 included)
    /// is copied as is. O(length), copying unescaped runs in bulk.
    @inlinable
    mutating func _appendQuoted(_ utf8: UnsafeRawBufferPointer) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            if Self._isCopiedAsIs(byte) {
                index &+= 1
                continue
            }
            if runStart < index {
                _append(UnsafeRawBufferPointer(rebasing: utf8[runStart..<index]))
            }
            _appendEscape(byte)
            index &+= 1
            runStart = index
        }
        if runStart < count {
            _append(UnsafeRawBufferPointer(rebasing: utf8[runStart..<count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether ``string(utf8:)`` writes `utf8` between its quotes as it is: it holds no
    /// quote, backslash or control character.
    ///
    /// - Complexity: O(length).
    @inlinable
    public static func writesVerbatim(_ utf8: UnsafeRawBufferPointer) -> Bool {
        utf8.allSatisfy(_isCopiedAsIs)
    }

    /// Whether a string's byte is written as it is (not a quote, a backslash or a control).
    @inlinable @inline(__always)
    static func _isCopiedAsIs(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Appends the escape sequence of a quote, backslash or control character. O(1).
    @usableFromInline
    mutating func _appendEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(hex.utf8Start[Int(byte >> 4)])
            bytes.append(hex.utf8Start[Int(byte & 0x0F)])
        }
    }
}
