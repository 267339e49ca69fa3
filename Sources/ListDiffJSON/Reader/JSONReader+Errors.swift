extension JSONReader {
    /// An error at the reader's current offset and pointer, for decoders built on the reader
    /// (wrong type, missing member, duplicate ID, …). Builds line and column: O(offset).
    public func error(_ kind: JSONReadError.Kind, expected: String, found: String) -> JSONReadError {
        _error(kind, at: _position, expected: expected, found: found)
    }

    /// An error at `offset` with an explicit `pointer`, for decoders that report a problem
    /// somewhere other than the current element (e.g. the first of two duplicates).
    /// Builds line and column: O(offset).
    public func error(
        _ kind: JSONReadError.Kind, at offset: Int, pointer: JSONPointer, expected: String, found: String
    ) -> JSONReadError {
        let position = _TextPosition.of(offset: offset, in: _bytes)
        return JSONReadError(
            kind: kind, offset: offset, line: position.line, column: position.column,
            pointer: pointer, expected: expected, found: found)
    }

    /// Builds an error at `offset` with the pointer of the element being read. Cold path.
    @usableFromInline
    @inline(never)
    func _error(_ kind: JSONReadError.Kind, at offset: Int, expected: String, found: String) -> JSONReadError {
        error(kind, at: offset, pointer: JSONPointer(tokens: _pathTokens()), expected: expected, found: found)
    }

    /// "Unexpected end of input" at the end, otherwise "unexpected character" at the current byte.
    @usableFromInline
    @inline(never)
    func _unexpected(expected: String) -> JSONReadError {
        if _position >= _count {
            return _error(.unexpectedEndOfInput, at: _count, expected: expected, found: "end of input")
        }
        return _error(.unexpectedCharacter, at: _position, expected: expected, found: _describeByte(at: _position))
    }

    /// A type mismatch for the value at the current offset. Cold path.
    @usableFromInline
    @inline(never)
    mutating func _typeMismatch(expected: String) -> JSONReadError {
        skipWhitespace()
        guard _position < _count else { return _unexpected(expected: expected) }
        let found: String
        switch _bytes[_position] {
        case UInt8(ascii: "{"): found = JSONValueKind.object.phrase
        case UInt8(ascii: "["): found = JSONValueKind.array.phrase
        case UInt8(ascii: "\""): found = JSONValueKind.string.phrase
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): found = JSONValueKind.number.phrase
        case UInt8(ascii: "t"), UInt8(ascii: "f"): found = JSONValueKind.bool.phrase
        case UInt8(ascii: "n"): found = JSONValueKind.null.phrase
        default: return _unexpected(expected: expected)
        }
        return _error(.typeMismatch, at: _position, expected: expected, found: found)
    }

    /// A short description of the byte at `offset`: `'x'`, `byte 0xFF` or `end of input`.
    @usableFromInline
    func _describeByte(at offset: Int) -> String {
        guard offset < _count else { return "end of input" }
        let byte = _bytes[offset]
        if byte >= 0x21 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        switch byte {
        case 0x20: return "a space"
        case 0x0A: return "a line feed"
        case 0x0D: return "a carriage return"
        case 0x09: return "a tab"
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
        }
    }

    /// The unescaped path tokens of the caller's open containers. O(path length).
    @usableFromInline
    func _pathTokens() -> [String] {
        var tokens: [String] = []
        let open = _depth > 0 ? _frames + [_top] : []
        for frame in open where frame.count > 0 {
            if frame.isObject {
                guard frame.keyStart >= 0 else { break }
                tokens.append(_Unescape.string(_bytes, from: frame.keyStart, to: frame.keyEnd))
            } else {
                tokens.append(String(frame.count - 1))
            }
        }
        return tokens
    }

    /// `error` with its pointer extended into the value that starts at `start` (the reader
    /// skips and captures values without tracking a path). Cold path.
    @usableFromInline
    @inline(never)
    func _refiningPointer(_ error: JSONReadError, valueStart start: Int) -> JSONReadError {
        var refined = error
        refined.pointer.tokens += _PointerRecovery.tokens(in: _bytes, from: start, to: error.offset)
        return refined
    }
}
