extension JSONReader {
    /// Validates and skips the next value, however deeply nested (iteratively, bounded by the
    /// depth limit). Errors inside it carry the pointer of the innermost element. O(length).
    @inlinable
    public mutating func skipValue() throws(JSONReadError) {
        skipWhitespace()
        let start = _position
        var sink = _SkipSink()
        do {
            try _walkValue(&sink)
        } catch {
            throw _refiningPointer(error, valueStart: start)
        }
    }

    /// Validates the next value and returns its byte range and canonical fingerprint
    /// (see ``ContentFingerprint``). No allocation once the reader's scratch space has grown
    /// to the value's nesting depth and longest escaped string. O(length).
    @inlinable
    public mutating func captureValue() throws(JSONReadError) -> JSONCapturedValue {
        let kind = try peekKind()
        let start = _position
        var sink = _Fingerprinter()
        swap(&sink, &_fingerprinter)
        do {
            try _walkValue(&sink)
        } catch {
            throw _refiningPointer(error, valueStart: start)
        }
        let fingerprint = sink.result
        sink.reset()
        swap(&sink, &_fingerprinter)
        return JSONCapturedValue(range: start..<_position, kind: kind, fingerprint: fingerprint)
    }

    /// Walks one complete value, feeding its tokens to `sink`. Iterative: nesting is tracked
    /// in a bit stack, not on the call stack. O(length).
    @inlinable
    mutating func _walkValue<Sink: _ValueSink>(_ sink: inout Sink) throws(JSONReadError) {
        let available = _maxDepth &- _depth
        var depth = 0
        nextValue: while true {
            skipWhitespace()
            guard _position < _count else { throw _unexpected(expected: "a JSON value") }
            let byte = _bytes[_position]
            switch byte {
            case UInt8(ascii: "\""):
                let scanned = try _scanString()
                sink.string(_bytes, start: scanned.start, end: scanned.end, hasEscapes: scanned.hasEscapes)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                guard depth < available else {
                    throw _error(
                        .depthLimitExceeded, at: _position, expected: "at most \(_maxDepth) nested arrays and objects",
                        found: "deeper nesting")
                }
                _setWalkKind(isObject, at: depth)
                depth &+= 1
                _position &+= 1
                sink.beginContainer(isObject: isObject)
                skipWhitespace()
                if _position < _count, _bytes[_position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    _position &+= 1
                    depth &-= 1
                    sink.endContainer()
                    break
                }
                if isObject {
                    try _walkKey(&sink, afterComma: false)
                }
                continue nextValue
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let scanned = try _scanNumber()
                sink.number(_bytes, start: scanned.start, end: _position)
            case UInt8(ascii: "t"):
                try _scanLiteral("true")
                sink.literal(byte)
            case UInt8(ascii: "f"):
                try _scanLiteral("false")
                sink.literal(byte)
            case UInt8(ascii: "n"):
                try _scanLiteral("null")
                sink.literal(byte)
            default:
                throw _unexpected(expected: "a JSON value")
            }
            while depth > 0 {
                skipWhitespace()
                let isObject = _walkKind(at: depth &- 1)
                guard _position < _count else {
                    throw _unexpected(expected: isObject ? "',' or '}'" : "',' or ']'")
                }
                let next = _bytes[_position]
                if next == UInt8(ascii: ",") {
                    _position &+= 1
                    if isObject {
                        skipWhitespace()
                        try _walkKey(&sink, afterComma: true)
                    }
                    continue nextValue
                }
                guard next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw _unexpected(
                        expected: isObject ? "',' or '}' after an object member" : "',' or ']' after an array element")
                }
                _position &+= 1
                depth &-= 1
                sink.endContainer()
            }
            return
        }
    }

    /// Reads a member name and its `:` inside a walked object.
    @inlinable
    mutating func _walkKey<Sink: _ValueSink>(_ sink: inout Sink, afterComma: Bool) throws(JSONReadError) {
        guard _position < _count, _bytes[_position] == UInt8(ascii: "\"") else {
            throw _unexpected(expected: afterComma ? "a member name string after ','" : "a member name string or '}'")
        }
        let key = try _scanString()
        sink.key(_bytes, start: key.start, end: key.end, hasEscapes: key.hasEscapes)
        skipWhitespace()
        guard _position < _count, _bytes[_position] == UInt8(ascii: ":") else {
            throw _unexpected(expected: "':' after the member name")
        }
        _position &+= 1
    }

    @inlinable
    @inline(__always)
    mutating func _setWalkKind(_ isObject: Bool, at depth: Int) {
        guard depth < 64 else { return _setDeepWalkKind(isObject, at: depth) }
        let bit: UInt64 = 1 &<< UInt64(depth)
        _walkKinds = isObject ? _walkKinds | bit : _walkKinds & ~bit
    }

    @inlinable
    @inline(__always)
    func _walkKind(at depth: Int) -> Bool {
        guard depth < 64 else { return _deepWalkKinds[(depth &>> 6) &- 1] & (1 &<< UInt64(depth & 63)) != 0 }
        return _walkKinds & (1 &<< UInt64(depth)) != 0
    }

    /// Level `depth` (64 or more) of the bit stack, growing ``_deepWalkKinds`` to reach it.
    @usableFromInline
    mutating func _setDeepWalkKind(_ isObject: Bool, at depth: Int) {
        let word = (depth &>> 6) &- 1
        if word >= _deepWalkKinds.count {
            _deepWalkKinds.append(contentsOf: repeatElement(0, count: word &+ 1 &- _deepWalkKinds.count))
        }
        let bit: UInt64 = 1 &<< UInt64(depth & 63)
        if isObject {
            _deepWalkKinds[word] |= bit
        } else {
            _deepWalkKinds[word] &= ~bit
        }
    }
}
