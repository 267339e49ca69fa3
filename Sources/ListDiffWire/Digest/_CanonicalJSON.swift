import ListDiffJSON

/// Writes a JSON value (already validated) in the canonical form the snapshot digest hashes:
/// no whitespace; strings written with the writer's minimal escaping (so a string without
/// escapes is copied as it is); numbers as their exact decimal value (`0`, or an optional `-`,
/// the significant digits without leading or trailing zeros, and `e<exponent>` when the
/// exponent is not 0); object members sorted by their canonical key bytes, then by their
/// canonical value bytes; arrays in order. So every spelling that has one
/// ``ContentFingerprint`` has one canonical form.
///
/// One pass over the bytes into a buffer the canonicalizer owns (no array bookkeeping per
/// byte); an object whose members are already in order (as `JSONEncoder` with `.sortedKeys`
/// writes them) is never moved, and a small object of plain values (the usual row content) is
/// put in order before it is written (``flatObject(_:_:)``). The snapshot digest writes its
/// whole document here — the punctuation and identifiers with ``appendASCII(_:)`` and
/// ``appendQuoted(_:)``, each content
/// with ``appendValue(_:)`` — and hashes ``withBytes(_:)`` without copying it out (appending
/// each piece to a `[UInt8]` made a large digest markedly slower).
/// Not copyable: it owns its buffer.
struct _CanonicalJSON: ~Copyable {
    /// Where one member of an object being written lies in the buffer.
    private struct Member {
        var key: Range<Int>
        var value: Range<Int>
    }

    /// The members of the objects being written, innermost last: the first `memberCount`
    /// (kept allocated as objects end, so a document reuses the slots).
    private var members: [Member] = []
    private var memberCount = 0
    var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    var count = 0
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

    /// Appends the canonical form of `json` (a valid JSON value). O(length), plus O(m log m) for
    /// an object of m members written out of order.
    mutating func appendValue(_ json: UnsafeRawBufferPointer) {
        var index = 0
        value(json, &index)
    }

    /// Appends `text` as it is.
    mutating func appendASCII(_ text: StaticString) {
        put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `utf8` as a JSON string, escaped as ``JSONWriter`` escapes it. O(length).
    mutating func appendQuoted(_ utf8: UnsafeRawBufferPointer) {
        guard JSONWriter.writesVerbatim(utf8) else {
            var writer = JSONWriter()
            writer.string(utf8: utf8)
            writer.bytes.withUnsafeBytes { put($0) }
            return
        }
        put(UInt8(ascii: "\""))
        put(utf8)
        put(UInt8(ascii: "\""))
    }

    /// The bytes written so far.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(UnsafeRawBufferPointer(start: buffer, count: count))
    }

    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(extra) }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        capacity = max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = grown
        scratch.deallocate()
        scratch = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        reserve(1)
        buffer[count] = byte
        count += 1
    }

    mutating func put(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if let base = bytes.baseAddress {
            (buffer + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
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
        if flatObject(bytes, &index) { return }
        index += 1
        put(UInt8(ascii: "{"))
        let start = count
        let base = memberCount
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
            let member = Member(key: key, value: valueStart..<count)
            if memberCount < members.count { members[memberCount] = member } else { members.append(member) }
            memberCount &+= 1
            copySeparator(bytes, &index)
        }
        index += 1
        if memberCount - base > 1 { sortMembers(from: base, objectStart: start) }
        memberCount = base
        put(UInt8(ascii: "}"))
    }

    /// Rewrites the members written since `base` in canonical order, unless they are in it:
    /// in order they take exactly the bytes they took before.
    private mutating func sortMembers(from base: Int, objectStart start: Int) {
        let written = UnsafePointer(buffer)
        let end = memberCount
        guard !(base + 1..<end).allSatisfy({ !Self.precedes(members[$0], members[$0 - 1], in: written) }) else {
            return
        }
        // Objects are small: insertion sort, which allocates nothing; a large one sorts.
        if end - base > 16 {
            members[base..<end].sort { Self.precedes($0, $1, in: written) }
        } else {
            for next in base + 1..<end {
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
        for slot in base..<end {
            let member = members[slot]
            if slot > base {
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
    private static func precedes(_ left: Member, _ right: Member, in written: UnsafePointer<UInt8>) -> Bool {
        switch compare(left.key, right.key, in: written) {
        case 0: return compare(left.value, right.value, in: written) < 0
        case let order: return order < 0
        }
    }

    /// Byte-wise comparison of two ranges of `written`: negative, 0 or positive as `left` sorts
    /// before, equal to or after `right` (a prefix first).
    static func compare(_ left: Range<Int>, _ right: Range<Int>, in written: UnsafePointer<UInt8>) -> Int {
        let shared = min(left.count, right.count)
        var offset = 0
        while offset < shared {
            let a = written[left.lowerBound &+ offset]
            let b = written[right.lowerBound &+ offset]
            if a != b { return a < b ? -1 : 1 }
            offset &+= 1
        }
        return left.count - right.count
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
        if let end = Self.plainStringEnd(bytes, from: start) {
            put(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            index = end
            return
        }
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
        var writer = JSONWriter()
        JSONString(validatedContents: UnsafeRawBufferPointer(rebasing: bytes[start + 1..<index - 1])).withUTF8 {
            writer.string(utf8: $0)
        }
        writer.bytes.withUnsafeBytes { put($0) }
    }

    private mutating func literal(_ text: StaticString, _ index: inout Int) {
        put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        index += text.utf8CodeUnitCount
    }

    /// Writes the number at `index` in its canonical spelling and moves past it. O(length).
    private mutating func number(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) {
        let start = index
        index += 1
        while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
        putNumber(bytes, start: start, end: index)
    }

    /// Whether `byte` may continue a number (the input is valid JSON, so a number runs until a
    /// byte no number holds).
    @inline(__always)
    static func isNumberByte(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    /// Writes the number `bytes[start..<end]` in its canonical spelling: an integer without
    /// leading or trailing zeros is copied; any other is written digit by digit from the input
    /// (no intermediate arrays). O(length).
    mutating func putNumber(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) {
        let digits = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
        var plain = digits < end && bytes[digits] != UInt8(ascii: "0") && bytes[end - 1] != UInt8(ascii: "0")
        var position = digits
        while plain, position < end {
            plain = bytes[position] &- UInt8(ascii: "0") < 10
            position += 1
        }
        if plain {
            put(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        } else {
            putCanonicalNumber(bytes, start: start, end: end)
        }
    }

    /// The number `bytes[start..<end]` by its exact decimal value (``JSONDecimal``): its
    /// significant digits and `e` with its exponent, unless that is 0. O(length).
    mutating func putCanonicalNumber(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) {
        let decimal = JSONDecimal(bytes, start: start, end: end)
        guard !decimal.isZero else {
            put(UInt8(ascii: "0"))
            return
        }
        if decimal.isNegative { put(UInt8(ascii: "-")) }
        for position in decimal.significand where bytes[position] != UInt8(ascii: ".") { put(bytes[position]) }
        guard decimal.exponent != 0 else { return }
        put(UInt8(ascii: "e"))
        if decimal.exponent < 0 { put(UInt8(ascii: "-")) }
        let magnitude = decimal.exponent.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        while divisor > 0 {
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / divisor % 10))
            divisor /= 10
        }
    }

    static func skipSpace(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}
