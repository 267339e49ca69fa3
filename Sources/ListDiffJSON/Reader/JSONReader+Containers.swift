extension JSONReader {
    /// Enters the object at the current offset; read its members with ``nextMember()``.
    /// Fails if the next value is not an object or the depth limit is reached. O(1) amortized.
    @inlinable
    public mutating func beginObject() throws(JSONReadError) {
        try _beginContainer(open: UInt8(ascii: "{"), kind: .object)
    }

    /// Enters the array at the current offset; iterate with ``hasNextElement()``.
    /// Fails if the next value is not an array or the depth limit is reached. O(1) amortized.
    @inlinable
    public mutating func beginArray() throws(JSONReadError) {
        try _beginContainer(open: UInt8(ascii: "["), kind: .array)
    }

    /// Moves to the next member of the innermost object entered with ``beginObject()`` and
    /// returns its name, positioned at its value (which the caller must read or skip next).
    /// Returns `nil` after the closing `}` and leaves the object. O(name length).
    @inlinable
    public mutating func nextMember() throws(JSONReadError) -> JSONString? {
        let top = _frames.count &- 1
        precondition(top >= 0 && _frames[top].isObject, "nextMember() called outside an object")
        _skipWhitespace()
        guard _position < _count else {
            throw _unexpected(expected: _frames[top].count == 0 ? "a member name string or '}'" : "',' or '}'")
        }
        var byte = _bytes[_position]
        if byte == UInt8(ascii: "}") {
            _position &+= 1
            _frames.removeLast()
            return nil
        }
        if _frames[top].count > 0 {
            guard byte == UInt8(ascii: ",") else {
                throw _unexpected(expected: "',' or '}' after an object member")
            }
            _position &+= 1
            _skipWhitespace()
            byte = _position < _count ? _bytes[_position] : 0
        }
        guard byte == UInt8(ascii: "\"") else {
            throw _unexpected(expected: _frames[top].count == 0 ? "a member name string or '}'" : "a member name string after ','")
        }
        let key = try _scanString()
        _frames[top].keyStart = key.start
        _frames[top].keyEnd = key.end
        _frames[top].count &+= 1
        _skipWhitespace()
        guard _position < _count, _bytes[_position] == UInt8(ascii: ":") else {
            throw _unexpected(expected: "':' after the member name")
        }
        _position &+= 1
        return _makeString(key.start, key.end, key.hasEscapes)
    }

    /// Moves to the next element of the innermost array entered with ``beginArray()``:
    /// returns `true` positioned at the element (which the caller must read or skip next), or
    /// `false` after the closing `]`, leaving the array. O(whitespace).
    @inlinable
    public mutating func hasNextElement() throws(JSONReadError) -> Bool {
        let top = _frames.count &- 1
        precondition(top >= 0 && !_frames[top].isObject, "hasNextElement() called outside an array")
        _skipWhitespace()
        guard _position < _count else {
            throw _unexpected(expected: _frames[top].count == 0 ? "a JSON value or ']'" : "',' or ']'")
        }
        if _bytes[_position] == UInt8(ascii: "]") {
            _position &+= 1
            _frames.removeLast()
            return false
        }
        if _frames[top].count > 0 {
            guard _bytes[_position] == UInt8(ascii: ",") else {
                throw _unexpected(expected: "',' or ']' after an array element")
            }
            _position &+= 1
            _frames[top].count &+= 1
            _skipWhitespace()
            if _position < _count, _bytes[_position] == UInt8(ascii: "]") {
                throw _unexpected(expected: "a JSON value after ','")
            }
        } else {
            _frames[top].count = 1
        }
        return true
    }

    /// The index of the current element in the innermost array, or the number of members
    /// read so far in the innermost object, minus one. O(1).
    @inlinable
    public var currentIndex: Int {
        _frames.isEmpty ? -1 : _frames[_frames.count &- 1].count &- 1
    }

    @inlinable
    mutating func _beginContainer(open: UInt8, kind: JSONValueKind) throws(JSONReadError) {
        _skipWhitespace()
        guard _position < _count, _bytes[_position] == open else {
            throw _typeMismatch(expected: kind.phrase)
        }
        guard _frames.count < _maxDepth else {
            throw _error(.depthLimitExceeded, at: _position, expected: "at most \(_maxDepth) nested arrays and objects",
                         found: "deeper nesting")
        }
        _position &+= 1
        _frames.append(_ReaderFrame(isObject: kind == .object))
    }
}
