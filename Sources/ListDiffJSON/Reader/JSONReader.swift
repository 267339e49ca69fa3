/// A strict RFC 8259 pull reader over UTF-8 bytes: no intermediate tree, no Foundation.
///
/// A decoder that knows the schema drives it value by value:
///
/// ```swift
/// try JSONReader.read(body) { (reader) throws(JSONReadError) in
///     try reader.beginObject()
///     while let key = try reader.nextMember() {
///         switch key {
///         case "id": id = try reader.readString().string
///         case "items":
///             try reader.beginArray()
///             while try reader.hasNextElement() { try reader.skipValue() }
///         default: try reader.skipValue()
///         }
///     }
///     try reader.finish()
/// }
/// ```
///
/// Every byte the reader passes over is validated (UTF-8, escapes, number grammar, structure).
/// Strings without escapes come back as views into the input, so the hot path allocates nothing.
/// The reader keeps a stack of the containers the caller entered (member names and indexes)
/// so that errors carry the JSON Pointer of the element being read.
///
/// The input buffer must stay valid and unchanged while the reader and the ``JSONString``s it
/// returns are used; ``read(_:options:_:)`` arranges that for arrays.
public struct JSONReader {
    @usableFromInline let _bytes: UnsafeRawBufferPointer
    @usableFromInline let _count: Int
    @usableFromInline let _maxDepth: Int
    @usableFromInline var _position: Int
    /// The containers the caller entered with `beginObject`/`beginArray` and has not left,
    /// outermost first, except the innermost one, which is kept apart in `_top` so that the
    /// per-element bookkeeping touches no array.
    @usableFromInline var _frames: [_ReaderFrame]
    /// The innermost entered container; meaningful only while `_depth > 0`.
    @usableFromInline var _top: _ReaderFrame
    /// The number of entered containers (`_frames.count + 1`, or 0).
    @usableFromInline var _depth: Int
    /// Container kinds (1 = object) of the values being skipped or captured, as a bit stack:
    /// the first 64 levels here, deeper ones in ``_deepWalkKinds``.
    @usableFromInline var _walkKinds: UInt64
    /// Levels 64 and deeper of the bit stack, 64 a word; allocated only for a value nested
    /// that deeply, so a reader allocates nothing for it otherwise.
    @usableFromInline var _deepWalkKinds: [UInt64]
    /// Reused state for fingerprinting captured values.
    @usableFromInline var _fingerprinter: _Fingerprinter

    /// Creates a reader over `bytes`, which must outlive it. Rejects input over
    /// `options.maxInputBytes` and input starting with a UTF-8 byte order mark. O(1).
    public init(bytes: UnsafeRawBufferPointer, options: JSONReadOptions = JSONReadOptions()) throws(JSONReadError) {
        _bytes = bytes
        _count = bytes.count
        _maxDepth = options.maxDepth
        _position = 0
        _frames = []
        _frames.reserveCapacity(min(options.maxDepth, 32))
        _top = _ReaderFrame(isObject: false)
        _depth = 0
        _walkKinds = 0
        _deepWalkKinds = []
        _fingerprinter = _Fingerprinter()
        if _count > options.maxInputBytes {
            throw _error(
                .inputTooLarge, at: 0, expected: "at most \(options.maxInputBytes) bytes",
                found: "\(_count) bytes")
        }
        if _count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw _error(
                .byteOrderMark, at: 0, expected: "a JSON value (without a byte order mark)",
                found: "the UTF-8 byte order mark EF BB BF")
        }
    }

    /// Runs `body` with a reader over the bytes of `input`. O(1) plus `body`.
    @inlinable
    public static func read<R>(
        _ input: [UInt8], options: JSONReadOptions = JSONReadOptions(),
        _ body: (inout JSONReader) throws(JSONReadError) -> R
    ) throws(JSONReadError) -> R {
        let result = input.withUnsafeBytes { (buffer) -> Result<R, JSONReadError> in
            do throws(JSONReadError) {
                var reader = try JSONReader(bytes: buffer, options: options)
                return .success(try body(&reader))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The input the reader reads. O(1).
    @inlinable
    public var input: UnsafeRawBufferPointer {
        // Rebuilt from the stored count so that a caller's `input.count` is that count, which
        // the reader's own scans use, and not a second value to keep.
        UnsafeRawBufferPointer(start: _bytes.baseAddress, count: _count)
    }

    /// The byte offset of the next unread byte. O(1).
    @inlinable
    public var offset: Int { _position }

    /// The number of containers the caller has entered and not yet left. O(1).
    @inlinable
    public var depth: Int { _depth }

    /// The JSON Pointer of the element being read (allocates; meant for error reporting).
    /// O(path length).
    public var pointer: JSONPointer {
        JSONPointer(tokens: _pathTokens())
    }

    /// Checks that the document is complete: every container the caller entered was left and
    /// only whitespace follows the top-level value. O(trailing whitespace).
    @inlinable
    public mutating func finish() throws(JSONReadError) {
        skipWhitespace()
        guard _depth == 0 else {
            throw _unexpected(expected: _top.isObject ? "',' or '}'" : "',' or ']'")
        }
        guard _position == _count else {
            throw _error(
                .trailingData, at: _position, expected: "end of input after the top-level value",
                found: _describeByte(at: _position))
        }
    }
}
