import ListDiffWire

/// A version's marks as the memory store keeps them: every marked identifier's UTF-8 back to
/// back in one buffer, copied out of the request (a long ``WireID`` shares its request's
/// buffer, which must not be kept alive), with an end offset each. Nothing at all for a
/// version without marks, which is nearly every one.
struct PackedMarks: Sendable {
    /// Identifier text of the reloaded items, then the reconfigured ones, then the sections.
    private var text: [UInt8] = []
    private var ends: [UInt32] = []
    /// How many of `ends` are reloaded items, and how many reconfigured ones.
    private var reloadedCount = 0
    private var reconfiguredCount = 0

    init() {}

    /// Packs the marks `snapshot` carries. O(marks).
    init(of snapshot: WireSnapshot) {
        guard
            !snapshot.reloadedItems.isEmpty || !snapshot.reconfiguredItems.isEmpty || !snapshot.reloadedSections.isEmpty
        else { return }
        let lists = [snapshot.reloadedItems, snapshot.reconfiguredItems, snapshot.reloadedSections]
        // Exact capacities: kept as long as the version is.
        var textCount = 0
        for ids in lists { textCount = ids.reduce(textCount) { $0 + $1.withUTF8 { $0.count } } }
        text.reserveCapacity(textCount)
        ends.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        for ids in lists {
            for id in ids {
                id.withUTF8 { text.append(contentsOf: $0) }
                ends.append(UInt32(text.count))
            }
        }
        (reloadedCount, reconfiguredCount) = (snapshot.reloadedItems.count, snapshot.reconfiguredItems.count)
    }

    var isEmpty: Bool { ends.isEmpty }

    /// Bytes held, what the byte budget counts for these marks: counts, the arrays being
    /// allocated exactly (capacities follow the allocator's rounding; see
    /// ``PackedSnapshot/bytes``). O(1).
    var bytes: Int { text.count + 4 * ends.count }

    /// The marks as identifiers again. O(marks).
    func unpacked() -> VersionMarks {
        guard !isEmpty else { return VersionMarks() }
        var ids: [WireID] = []
        ids.reserveCapacity(ends.count)
        text.withUnsafeBytes { text in
            var start = 0
            for end in ends {
                let end = Int(end)
                ids.append(WireID(validUTF8: UnsafeRawBufferPointer(rebasing: text[start..<end])))
                start = end
            }
        }
        let sectionsStart = reloadedCount + reconfiguredCount
        return VersionMarks(
            reloaded: ids[..<reloadedCount], reconfigured: ids[reloadedCount..<sectionsStart],
            reloadedSections: ids[sectionsStart...])
    }
}
