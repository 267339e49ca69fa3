/// Hashes a validated JSON number by its exact decimal value.
///
/// A number is reduced to (sign, significant digits without leading or trailing zeros,
/// decimal exponent of the last significant digit); zero of any sign and form is one value.
/// So `1`, `1.0`, `1e0`, `0.1e1` and `10e-1` hash alike and `100` equals `1e2`.
/// Exponents whose magnitude exceeds 10¹⁵ saturate, so numbers with absurdly large exponents
/// (beyond any float) compare equal when their digits match and their exponents saturate alike.
@usableFromInline
package enum _NumberCanonicalizer {
    @usableFromInline static let exponentLimit = 1_000_000_000_000_000

    /// The canonical hash of `bytes[start..<end]`. O(end - start).
    @inlinable
    static func hash(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, seed: _Lanes) -> _Lanes {
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        let digitsStart = index
        var mantissaEnd = end
        var fractionLength = 0
        var exponent = 0
        var scan = index
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
                exponent = parseExponent(bytes, from: scan &+ 1, to: end)
                break
            }
            scan &+= 1
        }
        var first = digitsStart
        while first < mantissaEnd, bytes[first] == UInt8(ascii: "0") || bytes[first] == UInt8(ascii: ".") {
            first &+= 1
        }
        if first == mantissaEnd {
            return _FingerprintHash.zero
        }
        var last = mantissaEnd &- 1
        var trailingZeros = 0
        while bytes[last] == UInt8(ascii: "0") || bytes[last] == UInt8(ascii: ".") {
            if bytes[last] == UInt8(ascii: "0") { trailingZeros &+= 1 }
            last &-= 1
        }
        var state = _FingerprintHash.numberStart
        var chunk: UInt64 = 0
        var chunkDigits: UInt64 = 0
        var position = first
        while position <= last {
            let byte = bytes[position]
            position &+= 1
            if byte == UInt8(ascii: ".") { continue }
            chunk = chunk &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
            chunkDigits &+= 1
            if chunkDigits == 19 {
                state = _FingerprintHash.mix(
                    state, _Lanes(a: chunk, b: chunk), tag: _FingerprintHash.tagNumber, seed: seed)
                chunk = 0
                chunkDigits = 0
            }
        }
        state = _FingerprintHash.mix(
            state, _Lanes(a: chunk, b: chunkDigits), tag: _FingerprintHash.tagNumber, seed: seed)
        let scale = exponent &- fractionLength &+ trailingZeros
        let signed = UInt64(bitPattern: Int64(scale)) ^ (negative ? 0x8000_0000_0000_0000 : 0)
        return _FingerprintHash.mix(state, _Lanes(a: signed, b: ~signed), tag: _FingerprintHash.tagNumber, seed: seed)
    }

    /// The exponent after `e`/`E`, saturated at ±``exponentLimit``. O(digits).
    @inlinable
    package static func parseExponent(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int {
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
