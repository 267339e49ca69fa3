import ListDiffJSON

/// An identifier on the wire: its UTF-8 text, in 40 bytes.
///
/// JSON strings and JSON integers are both identifiers; an integer's canonical form is its
/// decimal text, so `42` and `"42"` are the same identifier (and `-0` is `"0"`). Writers
/// always write identifiers as strings.
///
/// Identifiers of up to 31 UTF-8 bytes live inline in four words — no `String`, no
/// allocation, no reference counting — which holds most keys in practice: counters and
/// slugs, Firestore's 20-character IDs, MongoDB's 24-digit ObjectIds, ULIDs (26), KSUIDs
/// (27). So do canonical UUIDs (36 characters, 16 bytes and the case of their letters: see
/// `_UUIDText`). Longer ones share one interned buffer per request and keep their hash.
/// `==` compares the words (the bytes only for two long identifiers in different buffers);
/// `_rawHashValue(seed:)` (what `Dictionary` and the engine's symbol table call) hashes them
/// with the caller's seed in O(1) — the decoder hashes each identifier once, while it scans
/// it, and the engine's coded path never hashes them again.
///
/// The hash is keyed per process (like ``ContentFingerprint``): never persist it.
///
/// Sendable without checking because `ManagedBuffer` (which `_LongWireIDSlab` extends to hold
/// text in one allocation) cannot be `Sendable`; text is never changed once written.
public struct WireID: Hashable, @unchecked Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// An inline identifier's UTF-8 bytes 0..<8, little-endian, zero-padded; a UUID's first
    /// `_UUIDText` word; a long identifier's offset in `_long` (low 32 bits) and byte count
    /// (high 32 bits).
    @usableFromInline let _w0: UInt64
    /// Bytes 8..<16 of an inline identifier; a UUID's second `_UUIDText` word; a long
    /// identifier's hash (it is not worth hashing the text again).
    @usableFromInline let _w1: UInt64
    /// Bytes 16..<24 of an inline identifier; zero otherwise.
    @usableFromInline let _w2: UInt64
    /// Bytes 24..<31 of an inline identifier, and in the top byte what the words hold: an
    /// inline identifier's length (0...31), ``_longMarker`` or ``_uuidMarker``. Each text has
    /// exactly one form, so equal inline texts have equal words.
    @usableFromInline let _w3: UInt64
    /// The slab holding the text of an identifier longer than 31 bytes (UUIDs apart).
    @usableFromInline let _long: _LongWireIDSlab?

    @usableFromInline static var _inlineCapacity: Int { 31 }
    @usableFromInline static var _longMarker: UInt64 { 0x40 }
    @usableFromInline static var _uuidMarker: UInt64 { 0x80 }

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

    /// An inline identifier or a UUID from its four words (``_inlineWords(_:start:count:)``,
    /// ``_uuidWords(_:)``).
    @inlinable
    @inline(__always)
    init(_words words: (UInt64, UInt64, UInt64, UInt64)) {
        (_w0, _w1, _w2, _w3) = words
        _long = nil
    }

    /// A long identifier: its shared text and the hash of its bytes.
    @inlinable
    init(_long long: _LongWireIDSlab, offset: Int, count: Int, hash: Int) {
        _w0 = UInt64(truncatingIfNeeded: offset) | UInt64(truncatingIfNeeded: count) &<< 32
        _w1 = UInt64(truncatingIfNeeded: hash)
        _w2 = 0
        _w3 = Self._longMarker &<< 56
        _long = long
    }

    /// An identifier from `bytes[start..<end]` (valid UTF-8); hashes a long one. O(length).
    @inlinable
    init(_utf8 bytes: UnsafeRawBufferPointer, start: Int, end: Int) {
        let count = end &- start
        if count == _UUIDText.length, let words = _UUIDText.words(bytes, at: start) {
            self.init(_words: Self._uuidWords(words))
            return
        }
        guard count <= Self._inlineCapacity else {
            let hash = _IDHash.hash(bytes, start: start, end: end, seed: _IDHash.seed)
            let slab = _LongWireIDSlab.make(capacity: count)
            _ = slab.append(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            self.init(_long: slab, offset: 0, count: count, hash: hash)
            return
        }
        self.init(_words: Self._inlineWords(bytes, start: start, count: count))
    }

    /// The four words of the `count` (at most 31) bytes at `start`: little-endian,
    /// zero-padded, with the length in the top byte. O(1).
    @inlinable
    @inline(__always)
    static func _inlineWords(
        _ bytes: UnsafeRawBufferPointer, start: Int, count: Int
    ) -> (UInt64, UInt64, UInt64, UInt64) {
        let (w0, w1) = _FingerprintHash.shortWords(bytes, start: start, count: min(count, 16))
        guard count > 16 else { return (w0, w1, 0, UInt64(truncatingIfNeeded: count) &<< 56) }
        let (w2, w3) = _FingerprintHash.shortWords(bytes, start: start &+ 16, count: count &- 16)
        return (w0, w1, w2, w3 | UInt64(truncatingIfNeeded: count) &<< 56)
    }

    /// The four words of a UUID from its two `_UUIDText` words. O(1).
    @inlinable
    @inline(__always)
    static func _uuidWords(_ words: (low: UInt64, high: UInt64)) -> (UInt64, UInt64, UInt64, UInt64) {
        (words.low, words.high, 0, _uuidMarker &<< 56)
    }

    /// The keyed hash of an inline identifier's or a UUID's words. O(1).
    @inlinable
    @inline(__always)
    static func _wordsHash(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, seed: UInt64) -> Int {
        _IDHash.words(w0, w1, w2, w3, seed: seed)
    }

    /// The identifier's keyed hash: a long one's as stored, an inline one's or a UUID's from
    /// its words. O(1).
    @inlinable
    var _hash: Int {
        if _long != nil { return Int(truncatingIfNeeded: _w1) }
        return Self._wordsHash(_w0, _w1, _w2, _w3, seed: _IDHash.seed)
    }

    /// A long identifier's offset in its slab. O(1).
    @inlinable
    var _longOffset: Int { Int(truncatingIfNeeded: _w0 & 0xFFFF_FFFF) }

    /// A long identifier's byte count. O(1).
    @inlinable
    var _longCount: Int { Int(truncatingIfNeeded: _w0 &>> 32) }

    /// The identifier's text. O(length); builds a `String` for a short identifier.
    public var string: String {
        withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the identifier's UTF-8 bytes. O(1) plus `body`.
    @inlinable
    public func withUTF8<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let long = _long { return long.withUTF8(offset: _longOffset, count: _longCount, body) }
        if _w3 &>> 56 == Self._uuidMarker {
            return withUnsafeTemporaryAllocation(byteCount: _UUIDText.length, alignment: 1) { text in
                _UUIDText.write(low: _w0, high: _w1, into: text)
                return body(UnsafeRawBufferPointer(text))
            }
        }
        let count = Int(truncatingIfNeeded: _w3 &>> 56)
        return withUnsafeBytes(of: (_w0, _w1, _w2, _w3)) { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    public var description: String { string }

    @inlinable
    public static func == (lhs: WireID, rhs: WireID) -> Bool {
        guard let left = lhs._long, let right = rhs._long else {
            // At most one is long, and its marker differs from any inline word.
            return (lhs._w0 ^ rhs._w0) | (lhs._w1 ^ rhs._w1) | (lhs._w2 ^ rhs._w2) | (lhs._w3 ^ rhs._w3) == 0
        }
        if left === right, lhs._w0 == rhs._w0 { return true }
        return lhs._w1 == rhs._w1 && lhs._longCount == rhs._longCount
            && lhs.withUTF8 { a in rhs.withUTF8 { b in _Bytes.equal(a, 0, b, 0, count: a.count) } }
    }

    public static func < (lhs: WireID, rhs: WireID) -> Bool {
        lhs.string < rhs.string
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        if _long != nil {
            hasher.combine(_w1)
        } else {
            hasher.combine(_w0)
            hasher.combine(_w1)
            hasher.combine(_w2)
            hasher.combine(_w3)
        }
    }

    /// The hash `Dictionary` and the engine's symbol table use, keyed by `seed` (theirs is
    /// per-process random): an inline identifier's words hashed with it, a long one's stored
    /// hash mixed with it. O(1).
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        guard _long == nil else {
            let mixed = UInt64(bitPattern: Int64(truncatingIfNeeded: _w1) ^ Int64(seed)) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: mixed ^ (mixed &>> 29))
        }
        return Self._wordsHash(_w0, _w1, _w2, _w3, seed: UInt64(truncatingIfNeeded: seed))
    }
}
