import ListDiffJSON

/// An identifier on the wire: its UTF-8 text, and a hash computed once when it is parsed or
/// made, in 32 bytes.
///
/// JSON strings and JSON integers are both identifiers; an integer's canonical form is its
/// decimal text, so `42` and `"42"` are the same identifier (and `-0` is `"0"`). Writers
/// always write identifiers as strings.
///
/// Hashing never touches the text again: `hashValue` (what the engine's symbol table calls)
/// and `_rawHashValue(seed:)` mix the stored hash with the seed in O(1), and `==` compares the
/// stored hashes before the bytes. Identifiers of up to 15 UTF-8 bytes live inline in two
/// words — no `String`, no allocation, no reference counting — which is most keys in
/// practice; so do canonical UUIDs (36 characters, 16 bytes and the case of their letters:
/// see `_UUIDText`), what apps use as keys otherwise. Longer ones share one interned buffer
/// per request.
///
/// The hash is keyed per process (like ``ContentFingerprint``): never persist it.
///
/// Sendable without checking because `ManagedBuffer` (which `_LongWireIDSlab` extends to hold
/// text in one allocation) cannot be `Sendable`; text is never changed once written.
public struct WireID: Hashable, @unchecked Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// UTF-8 bytes 0..<8 of a short identifier, little-endian, zero-padded; for a long one,
    /// its offset in `_long` (low 32 bits) and its byte count (high 32 bits); a UUID's first
    /// eight bytes.
    @usableFromInline let _low: UInt64
    /// UTF-8 bytes 8..<15 of a short identifier; the top byte holds its length, or
    /// ``_longMarker`` when the text is in `_long`; for a UUID, 0x80 and above.
    @usableFromInline let _high: UInt64
    /// The keyed hash: of the two words for a short identifier or a UUID, of the bytes for a
    /// long one.
    @usableFromInline let _hash: Int
    /// The slab holding the text of an identifier longer than 15 bytes.
    @usableFromInline let _long: _LongWireIDSlab?

    @usableFromInline static var _inlineCapacity: Int { 15 }
    @usableFromInline static var _longMarker: UInt64 { 0x10 }

    /// An identifier with the given text; hashes it once. O(length).
    public init(_ string: String) {
        var text = string
        self = text.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            return WireID(_utf8: raw, start: 0, end: raw.count)
        }
    }

    /// The identifier of an integer: its decimal text.
    public init(_ value: Int) {
        self.init(String(value))
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A short identifier from its inline words and their hash (``ListDiffJSON/ByteHash/hash(low:high:seed:)``).
    @inlinable
    @inline(__always)
    init(_low low: UInt64, high: UInt64, hash: Int) {
        _low = low
        _high = high
        _hash = hash
        _long = nil
    }

    /// A long identifier: its shared text and the hash of its bytes.
    @inlinable
    init(_long long: _LongWireIDSlab, offset: Int, count: Int, hash: Int) {
        _low = UInt64(truncatingIfNeeded: offset) | UInt64(truncatingIfNeeded: count) &<< 32
        _high = Self._longMarker &<< 56
        _hash = hash
        _long = long
    }

    /// An identifier from `bytes[start..<end]` (valid UTF-8); hashes it. O(length).
    @inlinable
    init(_utf8 bytes: UnsafeRawBufferPointer, start: Int, end: Int) {
        let count = end &- start
        if count == _UUIDText.length, let (low, high) = _UUIDText.words(bytes, at: start) {
            self.init(_low: low, high: high, hash: ByteHash.hash(low: low, high: high, seed: ByteHash.seed))
            return
        }
        guard count <= Self._inlineCapacity else {
            let hash = ByteHash.hash(bytes, start: start, end: end, seed: ByteHash.seed)
            let slab = _LongWireIDSlab.make(capacity: count)
            _ = slab.append(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            self.init(_long: slab, offset: 0, count: count, hash: hash)
            return
        }
        let (low, high) = Self._inlineWords(bytes, start: start, count: count)
        self.init(_low: low, high: high, hash: ByteHash.hash(low: low, high: high, seed: ByteHash.seed))
    }

    /// The two inline words of the `count` (at most 15) bytes at `start`: little-endian,
    /// zero-padded, with the length in the top byte. O(1).
    @inlinable
    @inline(__always)
    static func _inlineWords(_ bytes: UnsafeRawBufferPointer, start: Int, count: Int) -> (low: UInt64, high: UInt64) {
        let (low, high) = ByteHash.words(bytes, start: start, count: count)
        return (low, high | (UInt64(truncatingIfNeeded: count) &<< 56))
    }

    /// A long identifier's offset in its slab. O(1).
    @inlinable
    var _longOffset: Int { Int(truncatingIfNeeded: _low & 0xFFFF_FFFF) }

    /// A long identifier's byte count. O(1).
    @inlinable
    var _longCount: Int { Int(truncatingIfNeeded: _low &>> 32) }

    /// The identifier's text. O(length); builds a `String` for a short identifier.
    public var string: String {
        withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the identifier's UTF-8 bytes. O(1) plus `body`.
    @inlinable
    public func withUTF8<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let long = _long { return long.withUTF8(offset: _longOffset, count: _longCount, body) }
        if _UUIDText.isUUID(high: _high) {
            return withUnsafeTemporaryAllocation(byteCount: _UUIDText.length, alignment: 1) { text in
                _UUIDText.write(low: _low, high: _high, into: text)
                return body(UnsafeRawBufferPointer(text))
            }
        }
        let count = Int(truncatingIfNeeded: _high &>> 56)
        return withUnsafeBytes(of: (_low, _high)) { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    public var description: String { string }

    @inlinable
    public static func == (lhs: WireID, rhs: WireID) -> Bool {
        guard lhs._hash == rhs._hash, lhs._high == rhs._high else { return false }
        guard let left = lhs._long, let right = rhs._long else { return lhs._low == rhs._low }
        if left === right, lhs._low == rhs._low { return true }
        return lhs._longCount == rhs._longCount
            && lhs.withUTF8 { a in rhs.withUTF8 { b in RawBytes.equal(a, 0, b, 0, count: a.count) } }
    }

    public static func < (lhs: WireID, rhs: WireID) -> Bool {
        lhs.string < rhs.string
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(_hash)
    }

    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        let mixed = UInt64(bitPattern: Int64(_hash ^ seed)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed &>> 29))
    }
}
