/// Hashes a validated JSON number by its exact decimal value (``JSONDecimal``): zero of any
/// sign and form is one value, and every other is its sign, its significant digits and its
/// exponent.
@usableFromInline
enum _NumberCanonicalizer {
    /// The canonical hash of `bytes[start..<end]`. O(end - start).
    @inlinable
    static func hash(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, seed: _Lanes) -> _Lanes {
        let decimal = JSONDecimal(bytes, start: start, end: end)
        if decimal.isZero {
            return _FingerprintHash.zero
        }
        var state = _FingerprintHash.numberStart
        var chunk: UInt64 = 0
        var chunkDigits: UInt64 = 0
        for position in decimal.significand {
            let byte = bytes[position]
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
        let signed = UInt64(bitPattern: Int64(decimal.exponent)) ^ (decimal.isNegative ? 0x8000_0000_0000_0000 : 0)
        return _FingerprintHash.mix(state, _Lanes(a: signed, b: ~signed), tag: _FingerprintHash.tagNumber, seed: seed)
    }
}
