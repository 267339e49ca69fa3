/// The content of an item or section on the wire: any JSON value, compared by its canonical
/// ``ContentFingerprint`` (whitespace, member order and escaping do not matter; numbers compare
/// by exact decimal value) and written back as the value's original bytes.
///
/// The bytes are not copied per value: every content read from one body shares that body's
/// buffer and keeps a range into it. A content is one reference wide.
public struct WireContent: Equatable, Sendable, CustomStringConvertible {
    @usableFromInline let _storage: _WireContentStorage

    /// Content for `range` of `body`. O(1).
    @inlinable
    init(fingerprint: ContentFingerprint, body: _WireBody, range: Range<Int>) {
        _storage = _WireContentStorage(fingerprint: fingerprint, body: body, range: range)
    }

    /// The canonical fingerprint; equality compares this alone.
    @inlinable
    public var fingerprint: ContentFingerprint { _storage.fingerprint }

    @inlinable
    var _range: Range<Int> { _storage.start..<_storage.end }

    /// Content from the bytes of one JSON value (surrounding whitespace allowed).
    /// O(length).
    /// - Throws: ``JSONReadError`` if `json` is not exactly one valid JSON value.
    public init(json: [UInt8]) throws(JSONReadError) {
        let captured = try JSONReader.read(json) { (reader) throws(JSONReadError) -> JSONCapturedValue in
            let value = try reader.captureValue()
            try reader.finish()
            return value
        }
        self.init(fingerprint: captured.fingerprint, body: _WireBody(json), range: captured.range)
    }

    /// Content from JSON text. O(length).
    public init(json: String) throws(JSONReadError) {
        try self.init(json: Array(json.utf8))
    }

    /// Calls `body` with the value's JSON bytes (as they were read). O(1) plus `body`.
    @inlinable
    public func withUnsafeJSON<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        _storage.body.bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[_range])) }
    }

    /// The value's JSON bytes (a copy). O(length).
    public var json: [UInt8] { Array(_storage.body.bytes[_range]) }

    /// The value's JSON text. O(length).
    public var description: String { String(decoding: _storage.body.bytes[_range], as: UTF8.self) }

    /// Equal fingerprints. O(1).
    @inlinable
    public static func == (lhs: WireContent, rhs: WireContent) -> Bool {
        lhs.fingerprint == rhs.fingerprint
    }
}
