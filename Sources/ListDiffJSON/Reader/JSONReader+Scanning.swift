extension JSONReader {
    /// The first offset at or after `position` inside a string that may hold `"`, `\`, a
    /// control character or a non-ASCII byte, scanning eight bytes per step; stops early,
    /// within the last seven bytes, where a whole word no longer fits. O(length).
    @inlinable
    @inline(__always)
    func _plainRunEnd(from position: Int) -> Int {
        var position = position
        while position &+ 8 <= _count {
            let special = Self.specialByteMask(
                UInt64(littleEndian: _bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)))
            if special != 0 { return position &+ (special.trailingZeroBitCount &>> 3) }
            position &+= 8
        }
        return position
    }

    /// Validates the string whose opening quote is at the current offset and moves past its
    /// closing quote. Returns the raw contents' range and whether it contains escapes.
    /// O(length); eight bytes per step while the contents are plain ASCII.
    @inlinable
    @inline(__always)
    mutating func _scanString() throws(JSONReadError) -> (start: Int, end: Int, hasEscapes: Bool) {
        _position &+= 1
        let start = _position
        var hasEscapes = false
        while true {
            _position = _plainRunEnd(from: _position)
            guard _position < _count else {
                throw _error(
                    .unexpectedEndOfInput, at: _count, expected: "'\"' to close the string at byte \(start &- 1)",
                    found: "end of input")
            }
            let byte = _bytes[_position]
            if byte == UInt8(ascii: "\"") {
                let end = _position
                _position &+= 1
                return (start, end, hasEscapes)
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try _scanEscape()
            } else if byte >= 0x80 {
                try _scanUTF8Sequence()
            } else if byte < 0x20 {
                throw _error(
                    .controlCharacterInString, at: _position,
                    expected: "a string character (control characters must be escaped, e.g. \\n or \\u001F)",
                    found: _describeByte(at: _position))
            } else {
                _position &+= 1
            }
        }
    }

    /// Validates the escape whose backslash is at the current offset and moves past it.
    /// A `\u` high surrogate must be followed by a `\u` low surrogate. O(1).
    @usableFromInline
    mutating func _scanEscape() throws(JSONReadError) {
        let escapeStart = _position
        _position &+= 1
        guard _position < _count else {
            throw _error(
                .unexpectedEndOfInput, at: _count, expected: "an escape character after '\\'", found: "end of input")
        }
        switch _bytes[_position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            _position &+= 1
        case UInt8(ascii: "u"):
            _position &+= 1
            let unit = try _scanHex4()
            if unit & 0xFC00 == 0xDC00 {
                throw _error(
                    .loneSurrogate, at: escapeStart,
                    expected: "a Unicode scalar (a low surrogate must follow a high surrogate)",
                    found: "the lone low surrogate \\u" + String(unit, radix: 16, uppercase: true))
            }
            if unit & 0xFC00 == 0xD800 {
                let pairStart = _position
                guard _position &+ 1 < _count, _bytes[_position] == UInt8(ascii: "\\"),
                    _bytes[_position &+ 1] == UInt8(ascii: "u")
                else {
                    throw _error(
                        .loneSurrogate, at: escapeStart,
                        expected: "a \\u low surrogate (DC00–DFFF) after the high surrogate",
                        found: _describeByte(at: pairStart))
                }
                _position &+= 2
                let low = try _scanHex4()
                if low & 0xFC00 != 0xDC00 {
                    throw _error(
                        .loneSurrogate, at: pairStart,
                        expected: "a \\u low surrogate (DC00–DFFF) after the high surrogate",
                        found: "\\u" + String(low, radix: 16, uppercase: true))
                }
            }
        default:
            throw _error(
                .invalidEscape, at: escapeStart, expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                found: "'\\' followed by " + _describeByte(at: _position))
        }
    }

    /// Reads four hexadecimal digits at the current offset. O(1).
    @usableFromInline
    mutating func _scanHex4() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard _position < _count else {
                throw _error(
                    .unexpectedEndOfInput, at: _count, expected: "four hexadecimal digits after \\u",
                    found: "end of input")
            }
            let digit = _Unescape.hexValue(_bytes[_position])
            guard digit != 0xFF else {
                throw _error(
                    .invalidEscape, at: _position, expected: "four hexadecimal digits after \\u",
                    found: _describeByte(at: _position))
            }
            value = value &<< 4 | UInt32(digit)
            _position &+= 1
        }
        return value
    }

    /// Validates the multi-byte UTF-8 sequence whose lead byte is at the current offset
    /// (Unicode Table 3-7: no overlongs, no surrogates, nothing above U+10FFFF). O(1).
    @usableFromInline
    mutating func _scanUTF8Sequence() throws(JSONReadError) {
        let lead = _bytes[_position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default:
            throw _error(
                .invalidUTF8, at: _position, expected: "a UTF-8 lead byte", found: _describeByte(at: _position))
        }
        for index in 1..<length {
            let offset = _position &+ index
            guard offset < _count else {
                throw _error(
                    .invalidUTF8, at: _position, expected: "a complete \(length)-byte UTF-8 sequence",
                    found: "end of input after \(index) byte(s)")
            }
            let byte = _bytes[offset]
            guard byte >= low && byte <= high else {
                throw _error(
                    .invalidUTF8, at: _position, expected: "a well-formed \(length)-byte UTF-8 sequence",
                    found: _describeByte(at: offset) + " at byte \(offset)")
            }
            low = 0x80
            high = 0xBF
        }
        _position &+= length
    }

    /// Checks that `literal` (`true`, `false` or `null`) is at the current offset and moves
    /// past it. O(1).
    @inlinable
    mutating func _scanLiteral(_ literal: StaticString) throws(JSONReadError) {
        let length = literal.utf8CodeUnitCount
        var index = 0
        while index < length {
            guard _position &+ index < _count, _bytes[_position &+ index] == literal.utf8Start[index] else {
                _position &+= index
                throw _unexpected(expected: "'\(literal)'")
            }
            index &+= 1
        }
        _position &+= length
    }
}
