/// A complete JSON value validated by ``JSONReader/captureValue()``: where it is in the input
/// and its canonical content fingerprint.
public struct JSONCapturedValue: Hashable, Sendable {
    /// The byte range of the value in the reader's input (from its first to its last byte,
    /// inner whitespace included). Write it back with ``JSONWriter/raw(_:)``.
    public var range: Range<Int>
    /// The JSON type of the value.
    public var kind: JSONValueKind
    /// The canonical fingerprint: equal for equal JSON values regardless of whitespace,
    /// member order or escaping, see ``ContentFingerprint``.
    public var fingerprint: ContentFingerprint

    /// Creates a captured value. O(1).
    public init(range: Range<Int>, kind: JSONValueKind, fingerprint: ContentFingerprint) {
        self.range = range
        self.kind = kind
        self.fingerprint = fingerprint
    }
}
