extension _CanonicalJSON {
    /// Where one member of a flat object lies in the input: its key with quotes, and its value.
    private struct FlatMember {
        var key: Range<Int>
        var value: Range<Int>
    }

    /// The most members a flat object may have; larger objects take the general path.
    private static var flatMemberLimit: Int { 8 }

    /// Writes the object at `index` in canonical form if it is flat — at most
    /// ``flatMemberLimit`` members with distinct keys without escapes, each value a string
    /// without escapes, a number or a literal — and returns true; otherwise writes nothing,
    /// leaves `index` and returns false.
    ///
    /// The general path copies each member into the buffer, then (members out of order) into
    /// the scratch buffer in order and back; here members are found in the input, ordered by
    /// key there (an insertion sort of at most eight: distinct keys never compare values), and
    /// written once, numbers by ``putNumber(_:start:end:)``. O(length).
    mutating func flatObject(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) -> Bool {
        guard let input = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        return withUnsafeTemporaryAllocation(of: FlatMember.self, capacity: Self.flatMemberLimit) { members in
            var memberCount = 0
            var position = index &+ 1
            Self.skipSpace(bytes, &position)
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return false }
            while true {
                let keyStart = position
                guard memberCount < Self.flatMemberLimit, let keyEnd = Self.plainStringEnd(bytes, from: keyStart) else {
                    return false
                }
                position = keyEnd
                Self.skipSpace(bytes, &position)
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
                position &+= 1
                Self.skipSpace(bytes, &position)
                guard let valueEnd = Self.flatValueEnd(bytes, from: position) else { return false }
                members[memberCount] = FlatMember(key: keyStart..<keyEnd, value: position..<valueEnd)
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
                    let order = Self.compare(member.key, members[slot &- 1].key, in: input)
                    if order == 0 { return false }
                    if order > 0 { break }
                    members[slot] = members[slot &- 1]
                    slot &-= 1
                }
                members[slot] = member
            }
            put(UInt8(ascii: "{"))
            for slot in 0..<memberCount {
                let member = members[slot]
                if slot > 0 { put(UInt8(ascii: ",")) }
                put(UnsafeRawBufferPointer(rebasing: bytes[member.key]))
                put(UInt8(ascii: ":"))
                if Self.startsNumber(bytes[member.value.lowerBound]) {
                    putNumber(bytes, start: member.value.lowerBound, end: member.value.upperBound)
                } else {
                    put(UnsafeRawBufferPointer(rebasing: bytes[member.value]))
                }
            }
            put(UInt8(ascii: "}"))
            index = position &+ 1
            return true
        }
    }

    /// The end of a scalar value at `start` whose canonical form needs no unescaping — a
    /// string without escapes, `true`, `false`, `null`, a number (its canonical spelling is
    /// written by ``putNumber(_:start:end:)``); nil for a container or a string with escapes.
    private static func flatValueEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return plainStringEnd(bytes, from: start)
        case UInt8(ascii: "t"), UInt8(ascii: "n"):
            return start &+ 4
        case UInt8(ascii: "f"):
            return start &+ 5
        case let byte where startsNumber(byte):
            var end = start &+ 1
            while end < bytes.count, isNumberByte(bytes[end]) { end &+= 1 }
            return end
        default:
            return nil
        }
    }

    @inline(__always)
    private static func startsNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10
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
