extension JSONReader {
    /// Skips JSON whitespace (space, tab, line feed, carriage return) at the current offset,
    /// so that ``offset`` is where the next token starts.
    ///
    /// - Complexity: O(whitespace).
    @inlinable
    @inline(__always)
    public mutating func skipWhitespace() {
        _position = offsetAfterWhitespace(from: _position)
    }

    /// The first offset at or after `offset` in ``input`` that is not JSON whitespace (or the
    /// input's end).
    ///
    /// - Precondition: `0 <= offset`.
    /// - Complexity: O(whitespace).
    @inlinable
    @inline(__always)
    public func offsetAfterWhitespace(from offset: Int) -> Int {
        var position = offset
        while position < _count {
            let byte = _bytes[position]
            if byte > 0x20 { return position }
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return position }
            position &+= 1
        }
        return position
    }

    /// The offset of the opening quote of the next element of an array whose elements end
    /// before `offset`, if that element is a string: past whitespace and, unless it is the
    /// array's first element (`isFirst`), the separating comma; nil for anything else, the
    /// array's end included. Compact input (`,"`) takes no whitespace scan. Nothing is read
    /// or validated: the reader does not move.
    ///
    /// - Precondition: `0 <= offset`.
    /// - Complexity: O(whitespace).
    @inlinable
    @inline(__always)
    public func stringElementQuote(from offset: Int, isFirst: Bool) -> Int? {
        var at = offset
        if !isFirst {
            if at >= _count || _bytes[at] != UInt8(ascii: ",") {
                at = offsetAfterWhitespace(from: at)
                guard at < _count, _bytes[at] == UInt8(ascii: ",") else { return nil }
            }
            at &+= 1
        }
        if at < _count, _bytes[at] == UInt8(ascii: "\"") { return at }
        at = offsetAfterWhitespace(from: at)
        guard at < _count, _bytes[at] == UInt8(ascii: "\"") else { return nil }
        return at
    }

    /// The first offset at or after `offset`, inside a string's contents, that holds `"`,
    /// `\`, a control character or a non-ASCII byte (or the input's end): where contents
    /// that need no decoding and no UTF-8 validation stop. A string whose closing quote is
    /// found this way is valid as it is.
    ///
    /// - Precondition: `0 <= offset`.
    /// - Complexity: O(length), eight bytes per step.
    @inlinable
    @inline(__always)
    public func plainStringEnd(from offset: Int) -> Int {
        var position = _plainRunEnd(from: offset)
        while position < _count {
            let byte = _bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            position &+= 1
        }
        return position
    }

    /// Reads the next element of the innermost array when it is a string of printable ASCII
    /// without escapes (the usual identifier): returns the range of its contents in ``input``
    /// and moves past it, as ``hasNextElement()`` then ``readString()`` would. Returns nil,
    /// having moved nothing, for anything else (the array's end, another kind of value,
    /// escapes, non-ASCII, malformed input), which the caller then reads the usual way.
    ///
    /// - Precondition: the innermost container the caller entered is an array.
    /// - Complexity: O(length), eight bytes per step.
    @inlinable
    @inline(__always)
    public mutating func nextPlainStringElement() -> Range<Int>? {
        guard let quote = stringElementQuote(from: _position, isFirst: _top.count == 0) else { return nil }
        let end = plainStringEnd(from: quote &+ 1)
        guard end < _count, _bytes[end] == UInt8(ascii: "\"") else { return nil }
        _position = end &+ 1
        _top.count &+= 1
        return Range(uncheckedBounds: (quote &+ 1, end))
    }

    /// A mask of `word`'s eight bytes (little-endian) with bit 7 set in the lowest byte that
    /// is `"`, `\`, a control character or non-ASCII: the first byte where plain string
    /// contents stop is `mask.trailingZeroBitCount / 8`, and none is when the mask is 0.
    /// Flags above the lowest may be spurious.
    ///
    /// - Complexity: O(1).
    @inlinable
    @inline(__always)
    public static func specialByteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & highs
    }

    /// The JSON Pointer of element `index` of the innermost container, an array, whose
    /// elements up to it have been read: for an error found about an element after the
    /// reader has moved past it. Allocates; meant for error reporting.
    ///
    /// - Precondition: the innermost container the caller entered is an array.
    /// - Complexity: O(path length).
    public func pointer(toElementAt index: Int) -> JSONPointer {
        var reader = self
        reader._top.count = index &+ 1
        return reader.pointer
    }

    /// Moves the reader to `offset` without reading what lies between, for a decoder with
    /// fast paths of its own over ``input`` (built on ``stringElementQuote(from:isFirst:)``
    /// and ``plainStringEnd(from:)``): past values it scanned and validated itself, of which
    /// `elementsRead` were elements of the innermost array, or back to an offset the reader
    /// was at in the same container, to read from there again.
    ///
    /// The reader trusts the caller: forward, the bytes passed must be whole, valid values
    /// with their separators, at the depth the reader is at, and end where the reader may
    /// stand (after a value); nothing checks it.
    ///
    /// - Complexity: O(1).
    @_spi(Unchecked)
    @inlinable
    @inline(__always)
    public mutating func moveUnchecked(to offset: Int, elementsRead: Int = 0) {
        _position = offset
        _top.count &+= elementsRead
    }
}
