/// The exact decimal value of a JSON number: `±digits × 10^exponent`, where the digits run
/// from the literal's first significant digit to its last, leading and trailing zeros left
/// out. Every spelling of one value reads as one `JSONDecimal` (`1`, `1.0`, `1e0`, `0.1e1`
/// and `10e-1`; `100` and `1e2`; `-0` and `0`), and no floating point is involved, so
/// `0.10000000000000000001` stays apart from `0.1`. Content fingerprints hash numbers by it
/// and canonical JSON writes them by it.
///
/// Exponents whose magnitude exceeds 10¹⁵ saturate, so numbers with exponents beyond any
/// float's compare equal when their digits match and their exponents saturate alike.
public struct JSONDecimal: Hashable, Sendable {
    /// The bound at which exponents saturate.
    @usableFromInline static let exponentLimit = 1_000_000_000_000_000

    /// Whether the value is below zero (never for zero).
    public var isNegative: Bool
    /// Where the significant digits lie in the literal: from the first nonzero digit to the
    /// last, with the decimal point when it falls between them (it is not a digit); empty
    /// for zero.
    public var significand: Range<Int>
    /// The power of ten the digits are multiplied by.
    public var exponent: Int

    /// Whether the value is zero.
    @inlinable
    public var isZero: Bool { significand.isEmpty }

    /// Reads the number literal `bytes[start..<end]`.
    ///
    /// - Precondition: the literal is a number valid under RFC 8259, as ``JSONReader`` and
    ///   ``JSONValidator`` check it.
    /// - Complexity: O(end - start).
    @inlinable
    public init(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) {
        let negative = bytes[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start &+ 1 : start
        var mantissaEnd = end
        var fractionLength = 0
        var exponent = 0
        var scan = digitsStart
        while scan < end {
            let byte = bytes[scan]
            if byte == UInt8(ascii: ".") {
                var fraction = scan &+ 1
                while fraction < end, bytes[fraction] &- UInt8(ascii: "0") < 10 { fraction &+= 1 }
                fractionLength = fraction &- scan &- 1
                scan = fraction
                continue
            }
            if byte | 0x20 == UInt8(ascii: "e") {
                mantissaEnd = scan
                exponent = Self._exponent(bytes, from: scan &+ 1, to: end)
                break
            }
            scan &+= 1
        }
        var first = digitsStart
        while first < mantissaEnd, bytes[first] == UInt8(ascii: "0") || bytes[first] == UInt8(ascii: ".") {
            first &+= 1
        }
        guard first < mantissaEnd else {
            self.isNegative = false
            self.significand = first..<first
            self.exponent = 0
            return
        }
        var last = mantissaEnd &- 1
        var trailingZeros = 0
        while bytes[last] == UInt8(ascii: "0") || bytes[last] == UInt8(ascii: ".") {
            if bytes[last] == UInt8(ascii: "0") { trailingZeros &+= 1 }
            last &-= 1
        }
        self.isNegative = negative
        self.significand = first..<last &+ 1
        self.exponent = exponent &- fractionLength &+ trailingZeros
    }

    /// The exponent after `e`/`E`, saturated at ±``exponentLimit``. O(digits).
    @inlinable
    static func _exponent(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int {
        var index = start
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index &+= 1
        }
        var value = 0
        while index < end {
            if value < exponentLimit {
                value = value &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
            }
            index &+= 1
        }
        value = min(value, exponentLimit)
        return negative ? -value : value
    }
}
