extension _CanonicalJSON {
    /// Where one member of a flat object lies in the input: its key with quotes, and its value.
    private struct FlatMember {
        var keyStart: Int
        var keyEnd: Int
        var valueStart: Int
        var valueEnd: Int
        /// For an integer with trailing zeros (`500`, canonically `5e2`): how many.
        var trailingZeros: Int
    }

    /// The most members a flat object may have; larger objects take the general path.
    private static var flatMemberLimit: Int { 8 }

    /// Writes the object at `index` in canonical form if it is flat — at most
    /// ``flatMemberLimit`` members with distinct keys without escapes, each value a string
    /// without escapes, an integer or a literal — and returns true; otherwise writes nothing,
    /// leaves `index` and returns false.
    ///
    /// The general path copies each member into the buffer, then (members out of order) into
    /// the scratch buffer in order and back; here members are found in the input, ordered by
    /// key there (an insertion sort of at most eight), and copied once. O(length).
    mutating func flatObject(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) -> Bool {
        withUnsafeTemporaryAllocation(of: FlatMember.self, capacity: Self.flatMemberLimit) { members in
            var memberCount = 0
            var position = index &+ 1
            Self.skipSpace(bytes, &position)
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return false }
            while true {
                let keyStart = position
                guard memberCount < Self.flatMemberLimit, let keyEnd = Self.plainStringEnd(bytes, from: keyStart) else { return false }
                position = keyEnd
                Self.skipSpace(bytes, &position)
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
                position &+= 1
                Self.skipSpace(bytes, &position)
                guard let (valueEnd, trailingZeros) = Self.flatValueEnd(bytes, from: position) else { return false }
                members[memberCount] = FlatMember(keyStart: keyStart, keyEnd: keyEnd, valueStart: position, valueEnd: valueEnd, trailingZeros: trailingZeros)
                memberCount &+= 1
                position = valueEnd
                Self.skipSpace(bytes, &position)
                guard position < bytes.count else { return false }
                if bytes[position] == UInt8(ascii: "}") { break }
                guard bytes[position] == UInt8(ascii: ",") else { return false }
                position &+= 1
                Self.skipSpace(bytes, &position)
            }
            // Insertion sort by key; equal keys (ordered by value) are left to the general path.
            for next in 1..<memberCount {
                let member = members[next]
                var slot = next
                while slot > 0 {
                    let order = Self.compareKeys(member, members[slot &- 1], in: bytes)
                    if order == 0 { return false }
                    if order > 0 { break }
                    members[slot] = members[slot &- 1]
                    slot &-= 1
                }
                members[slot] = member
            }
            var length = 2
            for member in members[0..<memberCount] { length &+= member.valueEnd &- member.keyStart &+ 16 }
            reserve(length)
            put(UInt8(ascii: "{"))
            for slot in 0..<memberCount {
                let member = members[slot]
                if slot > 0 { put(UInt8(ascii: ",")) }
                put(UnsafeRawBufferPointer(rebasing: bytes[member.keyStart..<member.keyEnd]))
                put(UInt8(ascii: ":"))
                put(UnsafeRawBufferPointer(rebasing: bytes[member.valueStart..<(member.valueEnd &- member.trailingZeros)]))
                if member.trailingZeros > 0 { putExponent(member.trailingZeros) }
            }
            put(UInt8(ascii: "}"))
            index = position &+ 1
            return true
        }
    }

    /// `e` and `exponent` (positive) in decimal.
    private mutating func putExponent(_ exponent: Int) {
        put(UInt8(ascii: "e"))
        var divisor = 1
        while divisor * 10 <= exponent { divisor *= 10 }
        var rest = exponent
        while divisor > 0 {
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Byte order of two members' keys (quotes included, so a prefix sorts first).
    private static func compareKeys(_ left: FlatMember, _ right: FlatMember, in bytes: UnsafeRawBufferPointer) -> Int {
        let leftCount = left.keyEnd &- left.keyStart
        let rightCount = right.keyEnd &- right.keyStart
        for offset in 0..<min(leftCount, rightCount) {
            let a = bytes[left.keyStart &+ offset], b = bytes[right.keyStart &+ offset]
            if a != b { return a < b ? -1 : 1 }
        }
        return leftCount &- rightCount
    }

    /// The end of a value at `start` whose canonical form is its bytes — a string without
    /// escapes, `true`, `false`, `null`, an integer without leading zeros — or those bytes
    /// less the trailing zeros an integer's canonical form replaces by an exponent (with how
    /// many); nil for anything else (containers, escapes, fractions, exponents, `-0`).
    private static func flatValueEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> (end: Int, trailingZeros: Int)? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return plainStringEnd(bytes, from: start).map { ($0, 0) }
        case UInt8(ascii: "t"), UInt8(ascii: "n"):
            return (start &+ 4, 0)
        case UInt8(ascii: "f"):
            return (start &+ 5, 0)
        default:
            let digits = bytes[start] == UInt8(ascii: "-") ? start &+ 1 : start
            var end = digits
            while end < bytes.count, bytes[end] &- UInt8(ascii: "0") < 10 { end &+= 1 }
            guard end > digits, end == bytes.count || !isNumberContinuation(bytes[end]) else { return nil }
            if bytes[digits] == UInt8(ascii: "0") { return end == digits &+ 1 && digits == start ? (end, 0) : nil }
            var zeros = 0
            while bytes[end &- 1 &- zeros] == UInt8(ascii: "0") { zeros &+= 1 }
            return (end, zeros)
        }
    }

    @inline(__always)
    private static func isNumberContinuation(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
    }

    /// The index just past the closing quote of the string whose opening quote is at
    /// `start`, or nil when it holds an escape. Eight bytes a step: a word's quote and
    /// backslash bytes are found with the has-zero-byte trick. O(length).
    static func plainStringEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start &+ 1
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let found = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs
            if found != 0 {
                // The lowest flagged byte is exact (borrows only run upwards past it).
                let at = index &+ found.trailingZeroBitCount &>> 3
                return bytes[at] == UInt8(ascii: "\"") ? at &+ 1 : nil
            }
            index &+= 8
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\"") { return index &+ 1 }
            if bytes[index] == UInt8(ascii: "\\") { return nil }
            index &+= 1
        }
        return nil
    }
}
