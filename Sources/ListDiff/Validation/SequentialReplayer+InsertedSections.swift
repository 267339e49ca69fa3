extension SequentialReplayer {
    /// The sections each `insertSections` brings, by operation index, in order: the new
    /// snapshot's sections they end up as — found by following the section operations alone —
    /// each holding its items that `old` lacks (the others must be moved in).
    ///
    /// - Throws: a section operation out of bounds, or section operations that end with a
    ///   number of sections other than `new`'s.
    /// - Complexity: O(k · s + n) for k operations, s sections and n items.
    static func insertedSections<S, I, C>(
        of changeset: SequentialChangeset, from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
    ) throws(Failure) -> [Int: [_ReplaySection<S, I, C>]] {
        // Where each section came from: the inserting operation and the offset in its run;
        // nil for a section of the old snapshot.
        var origins: [(operation: Int, offset: Int)?] = Array(repeating: nil, count: old.sections.count)
        for (index, operation) in changeset.operations.enumerated() {
            do throws(_ReplayMessage) {
                switch operation {
                case .deleteSections(let at, let count):
                    try check(at, count, within: origins.count, "delete sections")
                    origins.removeSubrange(at..<(at + count))
                case .insertSections(let at, let count):
                    try check(at, 0, within: origins.count, "insert sections")
                    guard count > 0 else { throw _ReplayMessage("insert of no sections") }
                    origins.insert(contentsOf: (0..<count).map { (index, $0) }, at: at)
                case .moveSection(let from, let to):
                    try check(from, 1, within: origins.count, "move section")
                    let origin = origins.remove(at: from)
                    try check(to, 0, within: origins.count, "move section to")
                    origins.insert(origin, at: to)
                case .reloadSections, .deleteItems, .insertItems, .moveItem, .reloadItems, .reconfigureItems:
                    continue
                }
            } catch let message {
                throw Failure(operationIndex: index, message: message.text)
            }
        }
        guard origins.count == new.sections.count else {
            throw Failure(
                message: "the replay ends with \(origins.count) sections, the target has \(new.sections.count)")
        }
        let oldItems = Set(old.itemIdentifiers)
        var found: [Int: [(offset: Int, section: _ReplaySection<S, I, C>)]] = [:]
        for (origin, section) in zip(origins, new.sections) {
            guard let origin else { continue }
            let fresh = section.items.filter { !oldItems.contains($0.id) }.map {
                _ReplayItem(id: $0.id, content: $0.content)
            }
            found[origin.operation, default: []].append(
                (origin.offset, _ReplaySection(id: section.id, content: section.content, items: fresh)))
        }
        return found.mapValues { $0.sorted { $0.offset < $1.offset }.map(\.section) }
    }
}
