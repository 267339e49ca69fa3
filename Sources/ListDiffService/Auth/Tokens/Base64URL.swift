/// Base64url without padding (RFC 4648 §5), as JWS compact form writes each segment
/// (RFC 7515 §2). Decoding is strict: only the URL-safe alphabet, no `=`, and unused trailing
/// bits zero, so a token has exactly one spelling.
enum Base64URL {
    /// The bytes `text` encodes, or nil if it is not canonical unpadded base64url. O(text).
    static func decode<Text: Collection<UInt8>>(_ text: Text) -> [UInt8]? {
        guard text.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in text {
            guard let value = sextet(character) else { return nil }
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        // The bits left over (2 or 4) pad the last byte and must be zero.
        guard accumulator & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return bytes
    }

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): return 62
        case UInt8(ascii: "_"): return 63
        default: return nil
        }
    }
}
