import CLibCrypto

/// What makes 32 bytes unfit to be an Ed25519 public key, checked before a key may verify
/// anything: libcrypto's `EVP_PKEY_new_raw_public_key` takes any 32 bytes, and a key of small
/// order accepts forgeries (with the identity as key, `R` the identity and `S = 0` verify over
/// every message; with a key of order 8, over one message in eight). The small-order encodings
/// are libsodium's list (`crypto_sign_verify_detached` refuses them as keys and as `R`); the
/// decoding is RFC 8032 §5.1.3 in libcrypto's BIGNUM arithmetic.
enum Ed25519PointCheck {
    /// The points of order 1, 2, 4 and 8 by their y, and the non-canonical y = p (0 again) and
    /// y = p + 1 (the identity again): compared with the sign bit cleared, so each stands for
    /// both signs of x.
    static let smallOrderEncodings: [[UInt8]] = [
        // 0: order 4.
        [UInt8](repeating: 0, count: 32),
        // 1: the identity, order 1.
        [1] + [UInt8](repeating: 0, count: 31),
        // The two y of order 8.
        [
            0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
            0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05
        ],
        [
            0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
            0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a
        ],
        // p - 1: order 2.
        [0xec] + [UInt8](repeating: 0xff, count: 30) + [0x7f],
        // p: 0 again, not canonical.
        [0xed] + [UInt8](repeating: 0xff, count: 30) + [0x7f],
        // p + 1: 1 again, not canonical.
        [0xee] + [UInt8](repeating: 0xff, count: 30) + [0x7f]
    ]

    /// Whether `encoding` (a public key, or a signature's `R`) is one of the small-order
    /// encodings, whatever its sign bit. The values are public: no need for constant time.
    static func isSmallOrder(_ encoding: ArraySlice<UInt8>) -> Bool {
        guard encoding.count == 32 else { return false }
        let last = encoding.startIndex + 31
        return smallOrderEncodings.contains { listed in
            encoding[encoding.startIndex..<last].elementsEqual(listed[0..<31]) && encoding[last] & 0x7f == listed[31]
        }
    }

    /// Why `key` cannot be an Ed25519 public key, or nil if it is a canonical encoding of a point
    /// of the curve outside the 8-torsion. The small-order list is checked first, so the
    /// identity's non-canonical encodings are named for what makes them dangerous; x = 0 comes
    /// only with y = ±1, both on that list, so RFC 8032's refusal of x = 0 with the sign bit set
    /// is made there. O(1): a few modular multiplications, an inversion and a square root.
    static func defect(ofPublicKey key: [UInt8]) -> TokenKey.Defect? {
        guard key.count == 32 else { return .notAPoint }
        if isSmallOrder(key[...]) { return .smallOrder }
        return decodingDefect(key)
    }

    /// Whether y, the low 255 bits, is below p = 2^255 - 19, and (y^2 - 1) / (d y^2 + 1) has a
    /// square root mod p (d = -121665 / 121666). A failure of libcrypto's own (an allocation)
    /// refuses the key rather than trusting it.
    private static func decodingDefect(_ key: [UInt8]) -> TokenKey.Defect? {
        guard let context = BN_CTX_new() else { return .notAPoint }
        defer { BN_CTX_free(context) }
        BN_CTX_start(context)
        defer { BN_CTX_end(context) }
        guard let p = BN_CTX_get(context), let y = BN_CTX_get(context), let d = BN_CTX_get(context),
            let u = BN_CTX_get(context), let v = BN_CTX_get(context), let xSquared = BN_CTX_get(context),
            let x = BN_CTX_get(context), let scratch = BN_CTX_get(context)
        else { return .notAPoint }
        var yBytes = key
        yBytes[31] &= 0x7f
        guard BN_set_bit(p, 255) == 1, BN_sub_word(p, 19) == 1, BN_lebin2bn(yBytes, 32, y) != nil else {
            return .notAPoint
        }
        guard BN_cmp(y, p) < 0 else { return .nonCanonical }
        let one = BN_value_one()
        guard BN_set_word(scratch, 121_666) == 1, BN_mod_inverse(d, scratch, p, context) != nil,
            BN_set_word(scratch, 121_665) == 1, BN_mod_mul(scratch, d, scratch, p, context) == 1,
            BN_sub(d, p, scratch) == 1,
            BN_mod_sqr(scratch, y, p, context) == 1,
            BN_mod_sub(u, scratch, one, p, context) == 1,
            BN_mod_mul(v, d, scratch, p, context) == 1, BN_mod_add(v, v, one, p, context) == 1,
            BN_mod_inverse(v, v, p, context) != nil,
            BN_mod_mul(xSquared, u, v, p, context) == 1
        else {
            ERR_clear_error()
            return .notAPoint
        }
        // BN_mod_sqrt fails for a non-residue; squaring back guards against a wrong "root".
        guard BN_mod_sqrt(x, xSquared, p, context) != nil, BN_mod_sqr(scratch, x, p, context) == 1,
            BN_cmp(scratch, xSquared) == 0
        else {
            ERR_clear_error()
            return .notAPoint
        }
        return nil
    }
}
