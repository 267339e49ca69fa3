/// Writes a JSON value (already validated) in the canonical form the snapshot digest hashes:
/// no whitespace; strings written with the writer's minimal escaping (so a string without
/// escapes is copied as it is); numbers as their exact decimal value (`0`, or an optional `-`,
/// the significant digits without leading or trailing zeros, and `e<exponent>` when the
/// exponent is not 0); object members sorted by their canonical key bytes, then by their
/// canonical value bytes; arrays in order. So every spelling that has one
/// ``ContentFingerprint`` has one canonical form.
///
/// One pass over the bytes into a buffer the canonicalizer owns (no array bookkeeping per
/// byte), copied to the output once per value; an object whose members are already in order
/// (as `JSONEncoder` with `.sortedKeys` writes them) is never moved. The buffer and the member
/// stack are kept between values, so a whole snapshot's content allocates next to nothing.
/// Not copyable: it owns its buffer.
struct _CanonicalJSON: ~Copyable {
    /// Where one member of an object being written lies in the buffer.
    private struct Member {
        var key: Range<Int>
        var value: Range<Int>
    }

    /// The members of the objects being written, innermost last.
    private var members: [Member] = []
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// Where an object's members are put in order before they are copied back; as large as
    /// `buffer`.
    private var scratch: UnsafeMutablePointer<UInt8>

    init() {
        capacity = 256
        buffer = .allocate(capacity: capacity)
        scratch = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
        scratch.deallocate()
    }

    /// Appends the canonical form of `json` to `output`. O(length), plus O(m log m) for an
    /// object of m members written out of order.
    mutating func append(_ json: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        count = 0
        var index = 0
        value(json, &index)
        output.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
    }

    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        capacity = max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = grown
        scratch.deallocate()
        scratch = .allocate(capacity: capacity)
    }

    private mutating func put(_ byte: UInt8) {
        reserve(1)
        buffer[count] = byte
        count += 1
    }

    private mutating func put(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if let base = bytes.baseAddress { (buffer + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
        count += bytes.count
    }

    private mutating func value(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) {
        Self.skipSpace(bytes, &index)
        guard index < bytes.count else { return }
        switch bytes[index] {
        case UInt8(ascii: "{"): object(bytes, &index)
        case UInt8(ascii: "["): array(bytes, &index)
        case UInt8(ascii: "\""): string(bytes, &index)
        case UInt8(ascii: "t"): literal("true", &index)
        case UInt8(ascii: "f"): literal("false", &index)
        case UInt8(ascii: "n"): literal("null", &index)
        default: number(bytes, &index)
        }
    }

    private mutating func object(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) {
        index += 1
        put(UInt8(ascii: "{"))
        let start = count
        let base = members.count
        Self.skipSpace(bytes, &index)
        while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
            let keyStart = count
            string(bytes, &index)
            let key = keyStart..<count
            Self.skipSpace(bytes, &index)
            index += 1
            put(UInt8(ascii: ":"))
            let valueStart = count
            value(bytes, &index)
            members.append(Member(key: key, value: valueStart..<count))
            copySeparator(bytes, &index)
        }
        index += 1
        if members.count - base > 1 { sortMembers(from: base, objectStart: start) }
        members.removeLast(members.count - base)
        put(UInt8(ascii: "}"))
    }

    /// Rewrites the members written since `base` in canonical order, unless they are in it:
    /// in order they take exactly the bytes they took before.
    private mutating func sortMembers(from base: Int, objectStart start: Int) {
        let written = UnsafeRawBufferPointer(start: buffer, count: count)
        guard !(base + 1..<members.count).allSatisfy({ !Self.precedes(members[$0], members[$0 - 1], in: written) }) else { return }
        // Objects are small: insertion sort, which allocates nothing; a large one sorts.
        if members.count - base > 16 {
            members[base...].sort { Self.precedes($0, $1, in: written) }
        } else {
            for next in base + 1..<members.count {
                let member = members[next]
                var slot = next
                while slot > base, Self.precedes(member, members[slot - 1], in: written) {
                    members[slot] = members[slot - 1]
                    slot -= 1
                }
                members[slot] = member
            }
        }
        let length = count - start
        let sorted = scratch
        var position = 0
        for (offset, member) in members[base...].enumerated() {
            if offset > 0 {
                sorted[position] = UInt8(ascii: ",")
                position += 1
            }
            (sorted + position).update(from: buffer + member.key.lowerBound, count: member.key.count)
            position += member.key.count
            sorted[position] = UInt8(ascii: ":")
            position += 1
            (sorted + position).update(from: buffer + member.value.lowerBound, count: member.value.count)
            position += member.value.count
        }
        (buffer + start).update(from: sorted, count: length)
    }

    /// Canonical order: by key bytes (quotes included), then by value bytes.
    private static func precedes(_ left: Member, _ right: Member, in written: UnsafeRawBufferPointer) -> Bool {
        let leftKey = UnsafeRawBufferPointer(rebasing: written[left.key])
        let rightKey = UnsafeRawBufferPointer(rebasing: written[right.key])
        guard leftKey.elementsEqual(rightKey) else { return leftKey.lexicographicallyPrecedes(rightKey) }
        return UnsafeRawBufferPointer(rebasing: written[left.value]).lexicographicallyPrecedes(UnsafeRawBufferPointer(rebasing: written[right.value]))
    }

    private mutating func array(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) {
        index += 1
        put(UInt8(ascii: "["))
        Self.skipSpace(bytes, &index)
        while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
            value(bytes, &index)
            copySeparator(bytes, &index)
        }
        index += 1
        put(UInt8(ascii: "]"))
    }

    /// After a member or an element: copies the `,` that follows, if any, and skips the
    /// whitespace around it.
    private mutating func copySeparator(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) {
        Self.skipSpace(bytes, &index)
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
            index += 1
            put(UInt8(ascii: ","))
        }
        Self.skipSpace(bytes, &index)
    }

    /// A string without escapes is copied; one with escapes is unescaped and quoted again.
    private mutating func string(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) {
        let start = index
        index += 1
        var hasEscapes = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                hasEscapes = true
                index += 1
            }
            index += 1
        }
        index = min(index + 1, bytes.count)
        guard hasEscapes else {
            put(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
            return
        }
        var unescaped: [UInt8] = []
        _Unescape.append(bytes, from: start + 1, to: index - 1, into: &unescaped)
        var writer = JSONWriter()
        unescaped.withUnsafeBytes { writer.string(utf8: $0) }
        writer.bytes.withUnsafeBytes { put($0) }
    }

    private mutating func literal(_ text: StaticString, _ index: inout Int) {
        put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        index += text.utf8CodeUnitCount
    }

    private mutating func number(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) {
        let start = index
        var plain = true
        scan: while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): break
            case UInt8(ascii: "-") where index == start: break
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): plain = false
            default: break scan
            }
            index += 1
        }
        // An integer without leading or trailing zeros is already canonical.
        let digits = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
        if plain, digits < index, bytes[digits] != UInt8(ascii: "0"), bytes[index - 1] != UInt8(ascii: "0") {
            put(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        } else {
            Self.canonicalNumber(bytes, start: start, end: index).withUnsafeBytes { put($0) }
        }
    }

    private static func skipSpace(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    /// `digits × 10^exponent`, written as described above. O(length).
    static func canonicalNumber(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) -> [UInt8] {
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var inFraction = false
        var exponent = 0
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte | 0x20 == UInt8(ascii: "e") {
                exponent = _NumberCanonicalizer.parseExponent(bytes, from: index + 1, to: end)
                break
            } else {
                digits.append(byte)
                if inFraction { fractionDigits += 1 }
            }
            index += 1
        }
        let leading = digits.firstIndex { $0 != UInt8(ascii: "0") } ?? digits.count
        guard leading < digits.count else { return [UInt8(ascii: "0")] }
        var last = digits.count - 1
        while digits[last] == UInt8(ascii: "0") { last -= 1 }
        let trailingZeros = digits.count - 1 - last
        let scale = exponent - fractionDigits + trailingZeros
        var output: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        output.append(contentsOf: digits[leading...last])
        if scale != 0 {
            output.append(UInt8(ascii: "e"))
            output.append(contentsOf: String(scale).utf8)
        }
        return output
    }
}
