/// A canonical UUID's text (`8-4-4-4-12` hex digits, one letter case, RFC 9562 variant: every
/// `UUID()`, and the version 1–8 keys databases make) held inline in a ``WireID``'s two words:
/// its 16 bytes plus one bit for the case of its letters.
///
/// `low` holds bytes 0..<8 and `high` bytes 9..<16 in its low seven bytes; the top byte of
/// `high` is byte 8, whose variant bits are `10`, with bit 6 set when the letters are
/// uppercase. That top byte is thus 0x80...0xFF, apart from a short identifier's length
/// (0...15) and ``WireID/_longMarker``, so the three kinds never share words. Any other
/// 36-byte text (mixed case, another variant, not a UUID) stays a long identifier, so each
/// text has exactly one representation and equal texts have equal words.
@usableFromInline
internal enum _UUIDText {
    @usableFromInline static var length: Int { 36 }

    /// Whether inline words with this `high` hold a UUID. O(1).
    @inlinable @inline(__always)
    static func isUUID(high: UInt64) -> Bool { high &>> 63 != 0 }

    /// The inline words of the UUID spelled by `bytes[start..<start + 36]`, or nil when those
    /// bytes are anything else; `start + 36` must not exceed `bytes.count`. O(1): the 32 hex
    /// digits are checked and converted eight at a time, in plain words: vector lanes gained
    /// nothing here.
    @inlinable @inline(__always)
    static func words(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (low: UInt64, high: UInt64)? {
        let dash = UInt8(ascii: "-")
        guard bytes[start &+ 8] == dash, bytes[start &+ 13] == dash, bytes[start &+ 18] == dash,
            bytes[start &+ 23] == dash
        else { return nil }
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start &+ offset, as: UInt64.self))
        }
        func half(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start &+ offset, as: UInt32.self)))
        }
        let first = word(0)
        let second = half(9) | half(14) &<< 32
        let third = half(19) | half(24) &<< 32
        let fourth = word(28)
        let a = _classify(first)
        let b = _classify(second)
        let c = _classify(third)
        let d = _classify(fourth)
        let upper = a.upper | b.upper | c.upper | d.upper
        guard a.invalid | b.invalid | c.invalid | d.invalid == 0,
            upper == 0 || a.lower | b.lower | c.lower | d.lower == 0
        else { return nil }
        let low = _pack(first) | _pack(second) &<< 32
        let rest = _pack(third) | _pack(fourth) &<< 32
        guard rest & 0xC0 == 0x80 else { return nil }
        let high = (rest &>> 8 | rest &<< 56) | (upper != 0 ? 0x40 &<< 56 : 0)
        return (low, high)
    }

    /// Writes the 36 bytes of the UUID that `low` and `high` hold into `text`. O(1).
    @inlinable
    static func write(low: UInt64, high: UInt64, into text: UnsafeMutableRawBufferPointer) {
        let digits: StaticString = high &>> 62 & 1 != 0 ? "0123456789ABCDEF" : "0123456789abcdef"
        let variantByte = (high &>> 56 & 0x3F) | 0x80
        let rest = high &<< 8 | variantByte
        var position = 0
        for index in 0..<16 {
            if index == 4 || index == 6 || index == 8 || index == 10 {
                text[position] = UInt8(ascii: "-")
                position &+= 1
            }
            let byte = Int(truncatingIfNeeded: (index < 8 ? low : rest) &>> UInt64(8 &* (index & 7)) & 0xFF)
            text[position] = digits.utf8Start[byte &>> 4]
            text[position &+ 1] = digits.utf8Start[byte & 0xF]
            position &+= 2
        }
    }

    /// For eight ASCII characters: a non-zero `invalid` unless each is a hex digit, and the
    /// high bit of each byte that is an uppercase (`upper`) or lowercase (`lower`) letter.
    /// O(1): byte-wise range checks by carry-free additions into each byte's high bit.
    @inlinable @inline(__always)
    static func _classify(_ word: UInt64) -> (invalid: UInt64, upper: UInt64, lower: UInt64) {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let atLeast0 = (word &+ 0x5050_5050_5050_5050) & highBits
        let above9 = (word &+ 0x4646_4646_4646_4646) & highBits
        let folded = word | 0x2020_2020_2020_2020
        let atLeastA = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & highBits
        let aboveF = (folded &+ 0x1919_1919_1919_1919) & highBits
        let letters = atLeastA & ~aboveF
        let hex = (atLeast0 & ~above9) | letters
        // Bytes of 0x80 and above would carry between bytes: they are invalid whatever the sums say.
        let invalid = (word & highBits) | (hex ^ highBits)
        let lowerCase = (word & 0x2020_2020_2020_2020) &<< 2
        return (invalid, letters & ~lowerCase, letters & lowerCase)
    }

    /// The four bytes that eight hex digits (first digit in the low byte) spell, first byte
    /// lowest. O(1).
    @inlinable @inline(__always)
    static func _pack(_ word: UInt64) -> UInt64 {
        let letterBits = word &>> 6 & 0x0101_0101_0101_0101
        // A letter's low nibble plus 9 is its value (`a` and `A` end in 1); nine is 8 + 1.
        let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ (letterBits &<< 3) &+ letterBits
        var packed = (nibbles &<< 4 | nibbles &>> 8) & 0x00FF_00FF_00FF_00FF
        packed = (packed | packed &>> 8) & 0x0000_FFFF_0000_FFFF
        return (packed | packed &>> 16) & 0xFFFF_FFFF
    }
}
