extension JSONReader {
    /// The JSON type of the next value, without consuming it. Fails at the end of input or on a
    /// byte that cannot start a value. O(whitespace).
    @inlinable
    public mutating func peekKind() throws(JSONReadError) -> JSONValueKind {
        skipWhitespace()
        guard _position < _count else { throw _unexpected(expected: "a JSON value") }
        switch _bytes[_position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw _unexpected(expected: "a JSON value")
        }
    }

    /// Reads a string. Without escapes the result borrows the input (no allocation); with
    /// escapes it is decoded into a new buffer. O(length).
    @inlinable
    public mutating func readString() throws(JSONReadError) -> JSONString {
        skipWhitespace()
        guard _position < _count, _bytes[_position] == UInt8(ascii: "\"") else {
            throw _typeMismatch(expected: JSONValueKind.string.phrase)
        }
        let scanned = try _scanString()
        return _makeString(scanned.start, scanned.end, scanned.hasEscapes)
    }

    /// Reads a string as a Swift `String`. O(length).
    @inlinable
    public mutating func readStringValue() throws(JSONReadError) -> String {
        try readString().string
    }

    /// Reads an integer written without fraction or exponent (`-12`, `0`, `42`) that fits in
    /// `Int`; `1.0` and `1e2` are type mismatches, `9223372036854775808` is out of range.
    /// O(length).
    @inlinable
    public mutating func readInt() throws(JSONReadError) -> Int {
        skipWhitespace()
        guard _position < _count, _bytes[_position] == UInt8(ascii: "-") || Self._isDigit(_bytes[_position]) else {
            throw _typeMismatch(expected: "an integer")
        }
        let scanned = try _scanNumber()
        guard scanned.isInteger else {
            throw _error(
                .typeMismatch, at: scanned.start, expected: "an integer (no fraction or exponent)",
                found: "the number "
                    + String(
                        decoding: UnsafeRawBufferPointer(rebasing: _bytes[scanned.start..<_position]), as: UTF8.self))
        }
        guard let value = _integerValue(from: scanned.start, to: _position) else {
            throw _error(
                .numberOutOfRange, at: scanned.start, expected: "an integer between \(Int.min) and \(Int.max)",
                found: String(
                    decoding: UnsafeRawBufferPointer(rebasing: _bytes[scanned.start..<_position]), as: UTF8.self))
        }
        return value
    }

    /// Reads any number and returns its validated literal bytes (a view into the input).
    /// O(length).
    @inlinable
    public mutating func readNumberBytes() throws(JSONReadError) -> UnsafeRawBufferPointer {
        skipWhitespace()
        guard _position < _count, _bytes[_position] == UInt8(ascii: "-") || Self._isDigit(_bytes[_position]) else {
            throw _typeMismatch(expected: JSONValueKind.number.phrase)
        }
        let scanned = try _scanNumber()
        return UnsafeRawBufferPointer(rebasing: _bytes[scanned.start..<_position])
    }

    /// Reads `true` or `false`. O(1).
    @inlinable
    public mutating func readBool() throws(JSONReadError) -> Bool {
        skipWhitespace()
        guard _position < _count else { throw _unexpected(expected: JSONValueKind.bool.phrase) }
        switch _bytes[_position] {
        case UInt8(ascii: "t"):
            try _scanLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try _scanLiteral("false")
            return false
        default:
            throw _typeMismatch(expected: JSONValueKind.bool.phrase)
        }
    }

    /// Reads `null`. O(1).
    @inlinable
    public mutating func readNull() throws(JSONReadError) {
        skipWhitespace()
        guard _position < _count, _bytes[_position] == UInt8(ascii: "n") else {
            throw _typeMismatch(expected: JSONValueKind.null.phrase)
        }
        try _scanLiteral("null")
    }

    /// Reads `null` and returns `true` if the next value is `null`; otherwise consumes nothing
    /// and returns `false` (for optional members). O(1).
    @inlinable
    public mutating func readNullIfPresent() throws(JSONReadError) -> Bool {
        skipWhitespace()
        guard _position < _count, _bytes[_position] == UInt8(ascii: "n") else { return false }
        try _scanLiteral("null")
        return true
    }

    @inlinable
    @inline(__always)
    func _makeString(_ start: Int, _ end: Int, _ hasEscapes: Bool) -> JSONString {
        if hasEscapes {
            var output: [UInt8] = []
            output.reserveCapacity(end &- start)
            _Unescape.append(_bytes, from: start, to: end, into: &output)
            return .unescaped(output)
        }
        return .borrowed(UnsafeRawBufferPointer(rebasing: _bytes[start..<end]))
    }
}
