/// An identifier on the wire: its text, and a hash computed once when it is parsed or made.
///
/// JSON strings and JSON integers are both identifiers; an integer's canonical form is its
/// decimal text, so `42` and `"42"` are the same identifier (and `-0` is `"0"`). Writers
/// always write identifiers as strings.
///
/// Hashing never touches the text again: `hashValue` (what the engine's symbol table calls)
/// and `_rawHashValue(seed:)` mix the stored hash with the seed in O(1), and `==` compares the
/// stored hashes before the bytes. Identifiers of up to 15 UTF-8 bytes are stored inline
/// (Swift small strings), so they cost no heap allocation; the decoder interns longer ones,
/// so one identifier's occurrences in `old` and `new` share one buffer.
///
/// The hash is keyed per process (like ``ContentFingerprint``): never persist it.
public struct WireID: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identifier's text.
    public let string: String
    /// The keyed hash of the UTF-8 bytes of `string`.
    @usableFromInline let _hash: Int

    /// An identifier with the given text; hashes it once. O(length).
    public init(_ string: String) {
        var text = string
        let seed = _IDHash.seed
        _hash = text.withUTF8 { _IDHash.hash(UnsafeRawBufferPointer($0), start: 0, end: $0.count, seed: seed) }
        self.string = text
    }

    /// The identifier of a JSON integer: its decimal text. O(digits).
    public init(_ value: Int) {
        self.init(String(value))
    }

    /// An identifier from a literal. O(length).
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// An identifier whose hash the caller computed with ``_IDHash`` over the same bytes. O(1).
    @inlinable
    init(_string string: String, hash: Int) {
        self.string = string
        _hash = hash
    }

    /// The text. O(1).
    public var description: String { string }

    /// Equal texts; the stored hashes are compared first. O(1) when they differ.
    @inlinable
    public static func == (lhs: WireID, rhs: WireID) -> Bool {
        lhs._hash == rhs._hash && lhs.string == rhs.string
    }

    /// Orders by text (Unicode canonical ordering, as `String` does). O(length).
    @inlinable
    public static func < (lhs: WireID, rhs: WireID) -> Bool {
        lhs.string < rhs.string
    }

    /// Feeds the stored hash; the text is not rehashed. O(1).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(_hash)
    }

    /// The stored hash mixed with `seed` by one multiplication. O(1).
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        let mixed = UInt64(bitPattern: Int64(_hash ^ seed)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed &>> 29))
    }
}
