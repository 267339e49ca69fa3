/// An identifier on the wire: its UTF-8 text, and a hash computed once when it is parsed or made.
///
/// JSON strings and JSON integers are both identifiers; an integer's canonical form is its
/// decimal text, so `42` and `"42"` are the same identifier (and `-0` is `"0"`). Writers
/// always write identifiers as strings.
///
/// Hashing never touches the text again: `hashValue` (what the engine's symbol table calls)
/// and `_rawHashValue(seed:)` mix the stored hash with the seed in O(1), and `==` compares the
/// stored hashes before the bytes. Identifiers of up to 15 UTF-8 bytes live inline in two
/// words — no `String`, no allocation, no reference counting — which is most keys in
/// practice; longer ones share one interned buffer per request.
///
/// The hash is keyed per process (like ``ContentFingerprint``): never persist it.
public struct WireID: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// UTF-8 bytes 0..<8 of a short identifier, little-endian, zero-padded.
    @usableFromInline let _low: UInt64
    /// UTF-8 bytes 8..<15 of a short identifier; the top byte holds its length, or
    /// ``_longMarker`` when the text is in `_long`.
    @usableFromInline let _high: UInt64
    /// The keyed hash of the UTF-8 bytes.
    @usableFromInline let _hash: Int
    /// The text of an identifier longer than 15 bytes.
    @usableFromInline let _long: _LongWireID?

    @usableFromInline static var _inlineCapacity: Int { 15 }
    @usableFromInline static var _longMarker: UInt64 { 0xFF }

    /// An identifier with the given text; hashes it once. O(length).
    public init(_ string: String) {
        var text = string
        self = text.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            return WireID(_utf8: raw, start: 0, end: raw.count, hash: _IDHash.hash(raw, start: 0, end: raw.count, seed: _IDHash.seed))
        }
    }

    /// The identifier of an integer: its decimal text.
    public init(_ value: Int) {
        self.init(String(value))
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// An identifier from `bytes[start..<end]` (valid UTF-8) and its keyed hash. O(length).
    @inlinable
    init(_utf8 bytes: UnsafeRawBufferPointer, start: Int, end: Int, hash: Int) {
        _hash = hash
        let count = end &- start
        guard count <= Self._inlineCapacity else {
            _low = 0
            _high = Self._longMarker &<< 56
            _long = _LongWireID(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            return
        }
        _long = nil
        if start &+ 16 <= bytes.count {
            // Two unaligned loads, masked to the identifier's length.
            let first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            let second = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self))
            _low = count >= 8 ? first : first & ((1 &<< UInt64(count &* 8)) &- 1)
            _high = (count > 8 ? second & ((1 &<< UInt64((count &- 8) &* 8)) &- 1) : 0) | (UInt64(count) &<< 56)
        } else {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for index in 0..<count {
                let byte = UInt64(bytes[start &+ index])
                if index < 8 { low |= byte &<< UInt64(index &* 8) } else { high |= byte &<< UInt64((index &- 8) &* 8) }
            }
            _low = low
            _high = high | (UInt64(count) &<< 56)
        }
    }

    /// The identifier's text. O(length); builds a `String` for a short identifier.
    public var string: String {
        if let long = _long { return long.string }
        return withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the identifier's UTF-8 bytes. O(1) plus `body`.
    @inlinable
    public func withUTF8<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let long = _long {
            var text = long.string
            return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
        let count = Int(truncatingIfNeeded: _high &>> 56)
        return withUnsafeBytes(of: (_low, _high)) { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    public var description: String { string }

    @inlinable
    public static func == (lhs: WireID, rhs: WireID) -> Bool {
        guard lhs._hash == rhs._hash, lhs._low == rhs._low, lhs._high == rhs._high else { return false }
        guard let left = lhs._long, let right = rhs._long else { return true }
        return left === right || left.string == right.string
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

/// The text of an identifier too long to store inline, shared by every copy of it.
@usableFromInline
final class _LongWireID: Sendable {
    @usableFromInline let string: String

    @usableFromInline
    init(_ string: String) {
        self.string = string
    }
}
