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
        precondition(_depth > 0 && _top.isObject, "nextMember() called outside an object")
        skipWhitespace()
        guard _position < _count else {
            throw _unexpected(expected: _top.count == 0 ? "a member name string or '}'" : "',' or '}'")
        }
        var byte = _bytes[_position]
        if byte == UInt8(ascii: "}") {
            _position &+= 1
            _endContainer()
            return nil
        }
        if _top.count > 0 {
            guard byte == UInt8(ascii: ",") else {
                throw _unexpected(expected: "',' or '}' after an object member")
            }
            _position &+= 1
            _top.keyStart = -1
            skipWhitespace()
            byte = _position < _count ? _bytes[_position] : 0
        }
        guard byte == UInt8(ascii: "\"") else {
            throw _unexpected(
                expected: _top.count == 0 ? "a member name string or '}'" : "a member name string after ','")
        }
        let key = try _scanString()
        _top.keyStart = key.start
        _top.keyEnd = key.end
        _top.count &+= 1
        skipWhitespace()
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
        precondition(_depth > 0 && !_top.isObject, "hasNextElement() called outside an array")
        skipWhitespace()
        guard _position < _count else {
            throw _unexpected(expected: _top.count == 0 ? "a JSON value or ']'" : "',' or ']'")
        }
        if _bytes[_position] == UInt8(ascii: "]") {
            _position &+= 1
            _endContainer()
            return false
        }
        if _top.count > 0 {
            guard _bytes[_position] == UInt8(ascii: ",") else {
                throw _unexpected(expected: "',' or ']' after an array element")
            }
            _position &+= 1
            _top.count &+= 1
            skipWhitespace()
            if _position < _count, _bytes[_position] == UInt8(ascii: "]") {
                throw _unexpected(expected: "a JSON value after ','")
            }
        } else {
            _top.count = 1
        }
        return true
    }

    /// The index of the current element in the innermost array, or the number of members
    /// read so far in the innermost object, minus one. O(1).
    @inlinable
    public var currentIndex: Int {
        _depth == 0 ? -1 : _top.count &- 1
    }

    @inlinable
    mutating func _beginContainer(open: UInt8, kind: JSONValueKind) throws(JSONReadError) {
        skipWhitespace()
        guard _position < _count, _bytes[_position] == open else {
            throw _typeMismatch(expected: kind.phrase)
        }
        guard _depth < _maxDepth else {
            throw _error(
                .depthLimitExceeded, at: _position, expected: "at most \(_maxDepth) nested arrays and objects",
                found: "deeper nesting")
        }
        _position &+= 1
        if _depth > 0 {
            _frames.append(_top)
        }
        _top = _ReaderFrame(isObject: kind == .object)
        _depth &+= 1
    }

    @inlinable
    mutating func _endContainer() {
        _depth &-= 1
        if _depth > 0, let outer = _frames.popLast() {
            _top = outer
        }
    }
}
