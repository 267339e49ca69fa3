@_spi(Unchecked) import ListDiff

/// The standard diff benchmark inputs of docs/benchmarks.md, built exactly as described
/// there so that figures compare with other libraries' on the same inputs.
public enum StandardScenarios {
    public typealias IntSnapshot = Snapshot<Int, Int, Never>
    public typealias StringSnapshot = Snapshot<Int, String, Never>
    public typealias ContentSnapshot = Snapshot<Int, Int, Int>

    /// a: one section; old = 0..<10000, new = 5000..<15000.
    public static func a() -> (old: IntSnapshot, new: IntSnapshot) {
        (flat(0..<10_000), flat(5_000..<15_000))
    }

    /// a-str: a with 11-byte string identifiers "item-" + String(100000 + i).
    public static func aString() -> (old: StringSnapshot, new: StringSnapshot) {
        (flat((0..<10_000).map(shortID)), flat((5_000..<15_000).map(shortID)))
    }

    /// a-str41: a with 41-byte identifiers "item-%08d-0000-4000-8000-%012d".
    public static func aString41() -> (old: StringSnapshot, new: StringSnapshot) {
        (flat((0..<10_000).map(longID)), flat((5_000..<15_000).map(longID)))
    }

    /// b: one section; old = 0..<50000, new = 25000..<75000.
    public static func b() -> (old: IntSnapshot, new: IntSnapshot) {
        (flat(0..<50_000), flat(25_000..<75_000))
    }

    /// c: no change; 10k equal items built in separate buffers (as the reference figures
    /// measure it: identifiers only, no per-item content).
    public static func c() -> (old: IntSnapshot, new: IntSnapshot) {
        (flat(Array(0..<10_000)), flat(Array(0..<10_000)))
    }

    /// d: new = old shuffled (Fisher–Yates, SplitMix64 seed 42).
    public static func d() -> (old: IntSnapshot, new: IntSnapshot) {
        var random = SplitMix64(seed: 42)
        var shuffled = Array(0..<10_000)
        shuffled.shuffle(using: &random)
        return (flat(0..<10_000), flat(shuffled))
    }

    /// d2: a few deterministic swaps.
    public static func d2() -> (old: IntSnapshot, new: IntSnapshot) {
        var swapped = Array(0..<10_000)
        for i in stride(from: 9_999, through: 1, by: -1) { swapped.swapAt(i, i * 7 % (i + 1)) }
        return (flat(0..<10_000), flat(swapped))
    }

    /// f: the first item moved to the end.
    public static func f() -> (old: IntSnapshot, new: IntSnapshot) {
        (flat(0..<10_000), flat(Array(1..<10_000) + [0]))
    }

    /// f2: the last item moved to the front.
    public static func f2() -> (old: IntSnapshot, new: IntSnapshot) {
        (flat(0..<10_000), flat([9_999] + Array(0..<9_999)))
    }

    /// g: 1k items, every 10th item's content changes, identifiers kept.
    public static func g() -> (old: ContentSnapshot, new: ContentSnapshot) {
        (flatWithContent(0..<1_000) { _ in 0 }, flatWithContent(0..<1_000) { $0 % 10 == 0 ? 1 : 0 })
    }

    public static func shortID(_ i: Int) -> String { "item-" + String(100_000 + i) }

    public static func longID(_ i: Int) -> String {
        "item-" + zeroPadded(i, width: 8) + "-0000-4000-8000-" + zeroPadded(i, width: 12)
    }

    static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func flat<ID>(_ ids: some Sequence<ID>) -> Snapshot<Int, ID, Never> {
        let items = ContiguousArray(ids.map { Snapshot<Int, ID, Never>.Item($0) })
        return Snapshot(uncheckedUniqueSections: [Snapshot<Int, ID, Never>.Section(0, items: items)])
    }

    static func flatWithContent(_ ids: Range<Int>, content: (Int) -> Int) -> ContentSnapshot {
        let items = ContiguousArray(ids.map { ContentSnapshot.Item($0, content: content($0)) })
        return ContentSnapshot(uncheckedUniqueSections: [ContentSnapshot.Section(0, items: items)])
    }
}
