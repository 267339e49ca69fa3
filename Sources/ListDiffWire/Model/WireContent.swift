import ListDiff
import ListDiffJSON

/// The content of an item or section on the wire: any JSON value, compared by its canonical
/// ``ContentFingerprint`` (whitespace, member order and escaping do not matter; numbers compare
/// by exact decimal value) and written back as the value's original bytes. An item's content
/// may also name its ``kind`` (the kind of cell that shows it), or only that: a kept item whose
/// kind changes is reloaded, never reconfigured (``KindedContent``). In an outline section it
/// also carries the item's place in the tree (``outlineDepth``, ``hasChildren``,
/// ``isExpanded``), and a section's content says whether the section is an outline
/// (``isOutline``): equal contents are equal in all of these, so a changed place is a changed
/// item to the store and to the diff of visible rows.
///
/// The bytes are not copied per value: every content read from one body shares that body's
/// buffer and keeps a range into it. A content is one reference wide.
public struct WireContent: Equatable, Sendable, CustomStringConvertible {
    @usableFromInline let _storage: _WireContentStorage

    /// Content for `range` of `body`. O(1).
    @inlinable
    init(
        fingerprint: ContentFingerprint, body: _WireBody, range: Range<Int>, kind: _CellKindName? = nil,
        placement: _OutlinePlacement = .none
    ) {
        _storage = _WireContentStorage(
            fingerprint: fingerprint, body: body, range: range, kind: kind, placement: placement)
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

    /// Content of `placement` alone, or none for a root leaf without value or kind. O(1).
    @inlinable
    static func placed(_ content: WireContent?, _ placement: _OutlinePlacement) -> WireContent? {
        guard let content else {
            return placement == .none
                ? nil : WireContent(fingerprint: _noValue, body: _emptyBody, range: 0..<0, placement: placement)
        }
        guard content._storage.placement != placement else { return content }
        if placement == .none, !content.hasValue, content._storage.kind == nil { return nil }
        return WireContent(
            fingerprint: content.fingerprint, body: content._storage.body, range: content._range,
            kind: content._storage.kind, placement: placement)
    }

    /// The item's depth in its outline section (0 for a root, and for every item of a flat
    /// section). O(1).
    @inlinable
    public var outlineDepth: Int { _storage.placement.depth }

    /// Whether the item has children in its outline section (shown or not). O(1).
    @inlinable
    public var hasChildren: Bool { _storage.placement.hasChildren }

    /// The item's own expanded flag (`"expanded"` on the wire). O(1).
    @inlinable
    public var isExpanded: Bool { _storage.placement.isExpanded }

    /// On a section's content: whether the section is an outline (`"outline": true`). O(1).
    @inlinable
    public var isOutline: Bool { _storage.placement.isOutlineSection }

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
        self.init(
            fingerprint: captured.fingerprint, body: _WireBody(json), range: captured.range,
            kind: kind.map(_CellKindName.init))
    }

    /// Content from JSON text, and the item's kind if it has one. O(length).
    public init(json: String, kind: String? = nil) throws(JSONReadError) {
        try self.init(json: Array(json.utf8), kind: kind)
    }

    /// Calls `body` with the value's JSON bytes (as they were read; none without a value).
    /// O(1) plus `body`.
    @inlinable
    public func withUnsafeJSON<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        _storage.withUnsafeJSON(body)
    }

    /// The value's JSON bytes (a copy). O(length).
    public var json: [UInt8] { Array(_storage.body.bytes[_range]) }

    /// The value's JSON text. O(length).
    public var description: String { String(decoding: _storage.body.bytes[_range], as: UTF8.self) }

    /// Equal fingerprints, kinds and outline places. O(1) (O(kind length) when both have kinds).
    @inlinable
    public static func == (lhs: WireContent, rhs: WireContent) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs._storage.placement == rhs._storage.placement
            && lhs._storage.kind?.text == rhs._storage.kind?.text
    }
}

extension WireContent: KindedContent {
    /// The ``kind``: a kept item whose kind changes is a reload.
    @inlinable
    public var cellKind: String? { kind }
}
