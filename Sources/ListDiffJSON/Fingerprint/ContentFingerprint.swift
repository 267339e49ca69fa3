/// A 128-bit canonical fingerprint of a JSON value, computed by ``JSONReader/captureValue()``.
///
/// Equal JSON values have equal fingerprints regardless of whitespace, object member order and
/// string escaping (`"\u0041"` equals `"A"`). Arrays are order-sensitive. Numbers compare by
/// exact decimal value: `1`, `1.0`, `1e0`, `10e-1` are equal, `-0` equals `0`, and
/// `1.00000000000000000001` differs from `1` (no floating-point rounding). Objects compare as
/// multisets of members: duplicate names are kept, so `{"a":1,"a":1}` differs from `{"a":1}`.
///
/// The hash is keyed with a random seed chosen once per process: fingerprints are
/// deterministic within a process and must not be stored or compared across processes.
/// Distinct values collide with probability about 2⁻¹²⁸ for non-adversarial input; the
/// hash is fast, not cryptographic.
public struct ContentFingerprint: Hashable, Sendable, CustomStringConvertible {
    /// The first 64-bit lane.
    public var low: UInt64
    /// The second 64-bit lane.
    public var high: UInt64

    /// Creates a fingerprint from its two lanes. O(1).
    @inlinable
    public init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// 32 lowercase hexadecimal digits, `high` first. O(1).
    public var description: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }
}
