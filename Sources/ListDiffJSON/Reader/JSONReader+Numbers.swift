extension JSONReader {
    /// Validates the number at the current offset against the RFC 8259 grammar
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` and moves past it.
    /// Returns where it starts and whether it is a plain integer (no fraction, no exponent).
    /// O(length).
    @inlinable
    @inline(__always)
    mutating func _scanNumber() throws(JSONReadError) -> (start: Int, isInteger: Bool) {
        let start = _position
        if _bytes[_position] == UInt8(ascii: "-") {
            _position &+= 1
        }
        guard _position < _count else {
            throw _error(.unexpectedEndOfInput, at: _count, expected: "a digit after '-'", found: "end of input")
        }
        let first = _bytes[_position]
        if first == UInt8(ascii: "0") {
            _position &+= 1
            if _position < _count, Self._isDigit(_bytes[_position]) {
                throw _error(
                    .invalidNumber, at: _position,
                    expected: "'.', 'e' or the end of the number (leading zeros are not allowed)",
                    found: _describeByte(at: _position))
            }
        } else if Self._isDigit(first) {
            _position &+= 1
            _skipDigits()
        } else {
            throw _error(.invalidNumber, at: _position, expected: "a digit", found: _describeByte(at: _position))
        }
        var isInteger = true
        if _position < _count, _bytes[_position] == UInt8(ascii: ".") {
            isInteger = false
            _position &+= 1
            try _requireDigit(after: "'.'")
            _skipDigits()
        }
        if _position < _count, _bytes[_position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            _position &+= 1
            if _position < _count, _bytes[_position] == UInt8(ascii: "+") || _bytes[_position] == UInt8(ascii: "-") {
                _position &+= 1
            }
            try _requireDigit(after: "the exponent marker")
            _skipDigits()
        }
        return (start, isInteger)
    }

    @inlinable
    @inline(__always)
    static func _isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inlinable
    @inline(__always)
    mutating func _skipDigits() {
        while _position < _count, Self._isDigit(_bytes[_position]) {
            _position &+= 1
        }
    }

    @inlinable
    mutating func _requireDigit(after what: StaticString) throws(JSONReadError) {
        guard _position < _count else {
            throw _error(.unexpectedEndOfInput, at: _count, expected: "a digit after \(what)", found: "end of input")
        }
        guard Self._isDigit(_bytes[_position]) else {
            throw _error(
                .invalidNumber, at: _position, expected: "a digit after \(what)", found: _describeByte(at: _position))
        }
    }

    /// The value of the validated integer literal `_bytes[start..<end]`, or `nil` if it does not
    /// fit in `Int`. O(length).
    @inlinable
    func _integerValue(from start: Int, to end: Int) -> Int? {
        var index = start
        let negative = _bytes[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        var value = 0
        while index < end {
            let digit = Int(_bytes[index] &- UInt8(ascii: "0"))
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative
                ? times10.subtractingReportingOverflow(digit)
                : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            index &+= 1
        }
        return value
    }
}
