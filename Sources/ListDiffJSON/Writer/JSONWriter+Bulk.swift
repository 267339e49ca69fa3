extension JSONWriter {
    /// The decimal digits of 0…99 as pairs, read two digits per division.
    @usableFromInline static let _digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Runs `body` with a pointer to `maxCount` writable bytes at the end of the output;
    /// `body` returns how many it wrote, and the rest is dropped. Lets a long run of numbers be
    /// written with no per-byte capacity or uniqueness checks. The room is taken without
    /// being filled first (``_UnwrittenBytes``): bytes need no initialising, and zeroing the
    /// worst case of every member would be a real cost for a small changeset. O(maxCount).
    @inlinable
    mutating func _withUnsafeSpace(atMost maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        let start = bytes.count
        bytes.append(contentsOf: _UnwrittenBytes(count: maxCount))
        let used = bytes.withUnsafeMutableBufferPointer { body($0.baseAddress.unsafelyUnwrapped + start) }
        bytes.removeLast(maxCount &- used)
    }

    /// The most bytes ``writeDecimal(_:to:)`` writes: a sign and 19 digits.
    @inlinable
    public static var maxDecimalBytes: Int { 20 }

    /// Writes `value` in decimal at `out` and returns the number of bytes written: the
    /// digits of ``int(_:)``, for writers of many numbers into space of their own (such as
    /// the element writers of `arrayMemberUnchecked`).
    ///
    /// - Precondition: `out` has room for ``maxDecimalBytes`` bytes.
    /// - Complexity: O(digits), two digits per step.
    @inlinable
    @inline(__always)
    public static func writeDecimal(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var out = out
        var sign = 0
        if value < 0 {
            out.pointee = UInt8(ascii: "-")
            out += 1
            sign = 1
        }
        var remaining = value.magnitude
        if remaining < 10 {
            out.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
            return sign &+ 1
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let count = withUnsafeMutableBytes(of: &digits) { scratch -> Int in
            let pairs = _digitPairs.utf8Start
            var index = 24
            while remaining >= 100 {
                let (quotient, pair) = remaining.quotientAndRemainder(dividingBy: 100)
                index &-= 2
                scratch[index] = pairs[Int(truncatingIfNeeded: pair) &* 2]
                scratch[index &+ 1] = pairs[Int(truncatingIfNeeded: pair) &* 2 &+ 1]
                remaining = quotient
            }
            if remaining >= 10 {
                index &-= 2
                scratch[index] = pairs[Int(truncatingIfNeeded: remaining) &* 2]
                scratch[index &+ 1] = pairs[Int(truncatingIfNeeded: remaining) &* 2 &+ 1]
            } else {
                index &-= 1
                scratch[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
            }
            UnsafeMutableRawPointer(out).copyMemory(
                from: scratch.baseAddress.unsafelyUnwrapped + index, byteCount: 24 &- index)
            return 24 &- index
        }
        return sign &+ count
    }

    /// Writes the member `"name":[…]`, an array whose elements `write` puts at a pointer (at
    /// most `maxElementBytes` each, returning the count), comma-separated, name and elements
    /// in one pass over one reserved space: the name written apart (``key(_:)-(StaticString)``)
    /// cost more than a short array.
    ///
    /// The writer trusts `write`: it must write at most `maxElementBytes` bytes of one valid
    /// JSON value (numbers, or arrays of them, with ``writeDecimal(_:to:)``) and return how
    /// many; nothing checks it.
    ///
    /// - Precondition: `name` is a literal that needs no escaping.
    /// - Complexity: O(count × maxElementBytes).
    @_spi(Unchecked)
    @inlinable
    public mutating func arrayMemberUnchecked<Element>(
        _ name: StaticString, _ elements: [Element], maxElementBytes: Int,
        _ write: (Element, UnsafeMutablePointer<UInt8>) -> Int
    ) {
        _check { $0.key() }
        _check { $0.open(isObject: false) }
        _check { $0.close(isObject: false) }
        let nameCount = name.utf8CodeUnitCount
        assert(
            UnsafeBufferPointer(start: name.utf8Start, count: nameCount).allSatisfy(Self._isCopiedAsIs),
            "JSONWriter: member name \(name) needs escaping")
        let needsComma = _needsComma
        // A comma, the quoted name, a colon, the brackets, and each element with its comma.
        let room = nameCount &+ 6 &+ elements.count &* (maxElementBytes &+ 1)
        _withUnsafeSpace(atMost: room) { start in
            var out = start
            if needsComma {
                out.pointee = UInt8(ascii: ",")
                out += 1
            }
            out.pointee = UInt8(ascii: "\"")
            out += 1
            out.update(from: name.utf8Start, count: nameCount)
            out += nameCount
            out.pointee = UInt8(ascii: "\"")
            out[1] = UInt8(ascii: ":")
            out[2] = UInt8(ascii: "[")
            out += 3
            for (index, element) in elements.enumerated() {
                if index > 0 {
                    out.pointee = UInt8(ascii: ",")
                    out += 1
                }
                out += write(element, out)
            }
            out.pointee = UInt8(ascii: "]")
            return out - start &+ 1
        }
        _needsComma = true
    }
}
