@_spi(Unchecked) import ListDiff

/// Item operations on wire snapshots in code compiled for wire identifiers, editing the items
/// in place. The engine's generic operations find an item through an item → section map that a
/// stored snapshot does not have (building it hashes every identifier) and then walk the
/// section through witness calls; here one pass over the items compares identifiers inline, or
/// asks a filter of the wanted identifiers' stored hashes (a few ns an item), and hashes only
/// what the operation brings. Same results and the same errors, in the same order,
/// as the engine's (a property test checks both on random snapshots and operations).
extension WireSnapshot {
    /// Applies an item operation in place and answers true, or answers false for the engine's
    /// to apply (section operations, `deleteAllItems`). On error nothing changed.
    mutating func _applyItemOperation(_ operation: WireSnapshotOperation) throws(WireSnapshotError) -> Bool {
        switch operation {
        case .appendItems(let items, let section):
            let index: Int
            if let section {
                index = try _index(of: section)
            } else {
                guard !sections.isEmpty else { throw .noSections }
                index = sections.count - 1
            }
            try _checkAbsent(items)
            editItemsUnchecked(placing: items.map(\.id), in: sections[index].id) {
                $0[index].items.append(contentsOf: items)
            }
        case .insertItemsBefore(let items, let anchor), .insertItemsAfter(let items, let anchor):
            if items.contains(where: { $0.id == anchor }) { throw .itemRelativeToItself(anchor) }
            guard let path = _path(of: anchor) else { throw .unknownItem(anchor) }
            try _checkAbsent(items)
            let offset = if case .insertItemsAfter = operation { 1 } else { 0 }
            editItemsUnchecked(placing: items.map(\.id), in: sections[path.section].id) {
                $0[path.section].items.insert(contentsOf: items, at: path.item + offset)
            }
        case .deleteItems(let ids):
            let paths = try _paths(of: ids)
            editItemsUnchecked(removing: ids) { sections in Self._remove(ids, at: paths, from: &sections) }
        case .moveItemBefore(let id, let anchor), .moveItemAfter(let id, let anchor):
            if id == anchor { throw .itemRelativeToItself(id) }
            let found = try _paths(of: [id, anchor])
            let (from, to) = (found[0], found[1])
            let after = if case .moveItemAfter = operation { true } else { false }
            editItemsUnchecked(placing: [id], in: sections[to.section].id) { sections in
                let moving = sections[from.section].items.remove(at: from.item)
                let target = to.item - (to.section == from.section && from.item < to.item ? 1 : 0)
                sections[to.section].items.insert(moving, at: target + (after ? 1 : 0))
            }
        case .reloadItems(let ids):
            _ = try _paths(of: ids)
            markUnchecked(reloading: ids, reconfiguring: [])
        case .reconfigureItems(let ids):
            _ = try _paths(of: ids)
            markUnchecked(reloading: [], reconfiguring: ids)
        default:
            return false
        }
        return true
    }

    /// Where `id` is: one pass comparing identifiers. O(n).
    func _path(of id: WireID) -> ItemPath? {
        for (section, storage) in sections.enumerated() {
            if let item = storage.items.firstIndex(where: { $0.id == id }) {
                return ItemPath(section: section, item: item)
            }
        }
        return nil
    }

    /// Where each of `ids` is (a repeated one once per mention), or the first that is missing.
    /// O(n + k): one pass, comparing for one identifier, through a filter and a table for more.
    func _paths(of ids: [WireID]) throws(WireSnapshotError) -> [ItemPath] {
        var paths: [ItemPath] = []
        paths.reserveCapacity(ids.count)
        if ids.count == 1 {
            guard let path = _path(of: ids[0]) else { throw .unknownItem(ids[0]) }
            return [path]
        }
        var wanted = [WireID: ItemPath?](minimumCapacity: ids.count)
        let filter = _HashFilter(ids)
        for id in ids { wanted[id] = .some(nil) }
        for (section, storage) in sections.enumerated() {
            for (item, element) in storage.items.enumerated()
            where filter.mayContain(element.id) && wanted[element.id] != nil {
                wanted[element.id] = ItemPath(section: section, item: item)
            }
        }
        for id in ids {
            guard let path = wanted[id] ?? nil else { throw .unknownItem(id) }
            paths.append(path)
        }
        return paths
    }

    /// Throws ``SnapshotError/duplicateItems(_:)`` naming, in order, the items of `items` that
    /// the snapshot holds or that repeat an earlier one. O(n + k), one pass.
    func _checkAbsent(_ items: [Item]) throws(WireSnapshotError) {
        var duplicates: [WireID] = []
        let limit = WireSnapshotError.reportedDuplicateLimit
        if items.count == 1 {
            if _path(of: items[0].id) != nil { duplicates.append(items[0].id) }
        } else if !items.isEmpty {
            let brought = Set(items.map(\.id))
            let filter = _HashFilter(items.map(\.id))
            var present = Set<WireID>()
            for section in sections {
                for element in section.items where filter.mayContain(element.id) && brought.contains(element.id) {
                    present.insert(element.id)
                }
            }
            var seen = Set<WireID>(minimumCapacity: items.count)
            for item in items where present.contains(item.id) || !seen.insert(item.id).inserted {
                if duplicates.count < limit { duplicates.append(item.id) }
            }
        }
        if !duplicates.isEmpty { throw .duplicateItems(duplicates) }
    }

    /// Removes `ids`, found at `paths`: one removal in place, or one pass that keeps the others
    /// (moving items, never copying them). O(n) per section touched.
    static func _remove(_ ids: [WireID], at paths: [ItemPath], from sections: inout ContiguousArray<Section>) {
        if Set(paths).count == 1 {
            sections[paths[0].section].items.remove(at: paths[0].item)
            return
        }
        let filter = _HashFilter(ids)
        let doomed = Set(ids)
        for section in Set(paths.map(\.section)) {
            sections[section].items.removeAll { filter.mayContain($0.id) && doomed.contains($0.id) }
        }
    }
}

/// A 4,096-bit filter over identifiers' stored hashes: a pass over every item asks it first and
/// looks in the table only on a hit, so most items cost a shift and a load rather than a
/// lookup. Never a false negative.
struct _HashFilter {
    private var bits = [UInt64](repeating: 0, count: 64)

    init(_ ids: [WireID]) {
        for id in ids { bits[Self.word(id)] |= Self.bit(id) }
    }

    func mayContain(_ id: WireID) -> Bool { bits[Self.word(id)] & Self.bit(id) != 0 }

    private static func word(_ id: WireID) -> Int { Int(truncatingIfNeeded: UInt(bitPattern: id._hash) &>> 6) & 63 }
    private static func bit(_ id: WireID) -> UInt64 { 1 &<< UInt64(UInt(bitPattern: id._hash) & 63) }
}
