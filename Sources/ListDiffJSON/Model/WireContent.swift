import ListDiff

/// The content of an item or section on the wire: any JSON value, compared by its canonical
/// ``ContentFingerprint`` (whitespace, member order and escaping do not matter; numbers compare
/// by exact decimal value) and written back as the value's original bytes. An item's content
/// may also name its ``kind`` (the kind of cell that shows it), or only that: a kept item whose
/// kind changes is reloaded, never reconfigured (``KindedContent``).
///
/// The bytes are not copied per value: every content read from one body shares that body's
/// buffer and keeps a range into it. A content is one reference wide.
public struct WireContent: Equatable, Sendable, CustomStringConvertible {
    @usableFromInline let _storage: _WireContentStorage

    /// Content for `range` of `body`. O(1).
    @inlinable
    init(fingerprint: ContentFingerprint, body: _WireBody, range: Range<Int>, kind: _CellKindName? = nil) {
        _storage = _WireContentStorage(fingerprint: fingerprint, body: body, range: range, kind: kind)
    }

    /// The fingerprint of content that names only a kind (no JSON value can have it but by a
    /// 2⁻¹²⁸ chance).
    @usableFromInline
    static let _noValue = ContentFingerprint(low: 0, high: 0)

    @usableFromInline
    static let _emptyBody = _WireBody([])

    /// Content that names only the kind of cell showing the item. O(1).
    public init(kind: String) {
        self.init(kind: _CellKindName(kind))
    }

    @inlinable
    init(kind: _CellKindName) {
        self.init(fingerprint: Self._noValue, body: Self._emptyBody, range: 0..<0, kind: kind)
    }

    /// The kind of cell that shows the item (`"kind"` on the wire), or nil. O(1).
    @inlinable
    public var kind: String? { _storage.kind?.text }

    /// Whether there is a JSON value; false when the content names only a kind. O(1).
    @inlinable
    public var hasValue: Bool { _storage.end > _storage.start }

    /// The canonical fingerprint; equality compares this alone.
    @inlinable
    public var fingerprint: ContentFingerprint { _storage.fingerprint }

    @inlinable
    var _range: Range<Int> { _storage.start..<_storage.end }

    /// Content from the bytes of one JSON value (surrounding whitespace allowed), and the
    /// item's kind if it has one. O(length).
    /// - Throws: ``JSONReadError`` if `json` is not exactly one valid JSON value.
    public init(json: [UInt8], kind: String? = nil) throws(JSONReadError) {
        let captured = try JSONReader.read(json) { (reader) throws(JSONReadError) -> JSONCapturedValue in
            let value = try reader.captureValue()
            try reader.finish()
            return value
        }
        self.init(fingerprint: captured.fingerprint, body: _WireBody(json), range: captured.range, kind: kind.map(_CellKindName.init))
    }

    /// Content from JSON text, and the item's kind if it has one. O(length).
    public init(json: String, kind: String? = nil) throws(JSONReadError) {
        try self.init(json: Array(json.utf8), kind: kind)
    }

    /// Calls `body` with the value's JSON bytes (as they were read; none without a value).
    /// O(1) plus `body`.
    @inlinable
    public func withUnsafeJSON<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        _storage.body.bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[_range])) }
    }

    /// The value's JSON bytes (a copy). O(length).
    public var json: [UInt8] { Array(_storage.body.bytes[_range]) }

    /// The value's JSON text. O(length).
    public var description: String { String(decoding: _storage.body.bytes[_range], as: UTF8.self) }

    /// Equal fingerprints and equal kinds. O(1) (O(kind length) when both have kinds).
    @inlinable
    public static func == (lhs: WireContent, rhs: WireContent) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs._storage.kind?.text == rhs._storage.kind?.text
    }
}

extension WireContent: KindedContent {
    /// The ``kind``: a kept item whose kind changes is a reload.
    @inlinable
    public var cellKind: String? { kind }
}
