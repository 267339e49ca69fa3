extension SectionedDiff {
    /// The diff from `old` to `extended` (``_extended(placing:)``), derived from this diff's
    /// matching instead of hashing every item again; `sections` is the section pass of that
    /// diff (``_extendedSections(origins:)``), already derived to choose the placement; `origins` its
    /// sections' (``_extendedOrigins(placing:)``).
    ///
    /// Every section of `extended` but the emptied ones is a section of `new` with the same
    /// items, so item partners and stability carry over, and the old side's flat numbers are
    /// unchanged (an emptied section is processed whether deleted or kept). Only the new side's
    /// numbering shifts around the emptied sections, whose leftovers (the items `new` lacks)
    /// now stay where they are: kept, in order, so stable. The derived diff carries no content
    /// updates: only its stages are read.
    ///
    /// Marks make this diff process sections the extended diff (which has none) would skip, so
    /// with marks the extended diff is computed; nil when that fails.
    ///
    /// - Complexity: O(s + p) for s sections and p processed items.
    @inlinable
    func _extendedDiff(to extended: Source, origins: [Int32], sections: _DiffIndexes) -> Self? {
        guard new.reloadedItems.isEmpty, new.reconfiguredItems.isEmpty else {
            return try? Self(from: old, to: extended, options: options)
        }
        let top = _indexes
        var derived = sections
        derived.oldBase = top.oldBase
        derived.oldCounts = top.oldCounts
        derived.newBase = _SectionColumn(repeating: _DiffIndexes.none, count: origins.count)
        derived.newCounts = _SectionColumn(repeating: 0, count: origins.count)
        var newTotal: Int32 = 0
        for (index, origin) in origins.enumerated() {
            let count: Int32
            if origin >= 0 {
                guard top.isProcessed(new: Int(origin)) else { continue }
                count = top.newCounts[Int(origin)]
            } else {
                count = Int32(truncatingIfNeeded: extended.sections[index].items.count)
            }
            derived.newBase[index] = newTotal
            derived.newCounts[index] = count
            newTotal &+= count
        }
        derived.items = _ItemColumns(oldCount: top.items.oldCount, newCount: Int(newTotal))
        let (newBase, newCounts) = (derived.newBase, derived.newCounts)
        derived.items.update { items in
            top.items.read { source in
                if let from = source.oldSection.baseAddress, let to = items.oldSection.baseAddress {
                    to.update(from: from, count: items.oldSection.count)
                }
                items.oldPartner.update(repeating: _ItemColumns.none)
                for (index, origin) in origins.enumerated() where newBase[index] != _DiffIndexes.none {
                    Self._carryItems(
                        into: index, at: Int(newBase[index]), count: Int(newCounts[index]), origin: origin,
                        top: top, source: source, items: items)
                }
            }
        }
        derived.updates = ContentUpdates()
        return Self(old: old, new: extended, options: options, indexes: derived)
    }

    /// The section pass of the diff from `old` to the extended snapshot of `origins`, derived
    /// from this diff's: a section of `new` keeps its source, an emptied section is its own
    /// old section, and the stable run is found again (``_DiffIndexes/stabiliseSections()``).
    /// Nothing is hashed: the extended snapshot need not exist.
    ///
    /// - Complexity: O(s) for s sections, plus the LIS when kept sections are out of order.
    @inlinable
    func _extendedSections(origins: [Int32]) -> _DiffIndexes {
        let top = _indexes
        var sections = _DiffIndexes()
        sections.oldSectionCount = top.oldSectionCount
        sections.newSectionCount = origins.count
        sections.oldSectionTarget = _SectionColumn(repeating: _DiffIndexes.none, count: top.oldSectionCount)
        sections.newSectionSource = _SectionColumn(repeating: _DiffIndexes.none, count: origins.count)
        sections.newSectionStable = _SectionColumn(repeating: false, count: origins.count)
        for (index, origin) in origins.enumerated() {
            let source = origin >= 0 ? top.newSectionSource[Int(origin)] : -1 &- origin
            sections.newSectionSource[index] = source
            if source != _DiffIndexes.none { sections.oldSectionTarget[Int(source)] = Int32(truncatingIfNeeded: index) }
        }
        sections.stabiliseSections()
        return sections
    }

    /// Each section of the extended snapshot of `placed`: its index in `new`, or -1 minus its
    /// old index for an emptied section. O(s).
    @inlinable
    func _extendedOrigins(placing placed: [_EmptiedPlacement]) -> [Int32] {
        var origins = [Int32](_filling: 0, count: _indexes.newSectionCount &+ placed.count)
        var next = placed.startIndex
        var newIndex: Int32 = 0
        for index in origins.indices {
            if next < placed.endIndex, placed[next].position == index {
                origins[index] = -1 &- Int32(truncatingIfNeeded: placed[next].source)
                next &+= 1
            } else {
                origins[index] = newIndex
                newIndex &+= 1
            }
        }
        return origins
    }

    /// Writes the new side of extended section `section` (flat numbers from `base`): a section
    /// of `new` copies its items' partners and stability from `source`; an emptied one takes
    /// its old section's leftovers, each its own stable partner.
    @inlinable @inline(__always)
    static func _carryItems(
        into section: Int, at base: Int, count: Int, origin: Int32, top: _DiffIndexes, source: _ItemColumns.Handle,
        items: _ItemColumns.Handle
    ) {
        let section = Int32(truncatingIfNeeded: section)
        if origin >= 0 {
            let from = Int(top.newBase[Int(origin)])
            for offset in 0..<count {
                let flat = base &+ offset
                let partner = source.newPartner[from &+ offset]
                items.newSection[flat] = section
                items.newPartner[flat] = partner
                if partner != _ItemColumns.none { items.oldPartner[Int(partner)] = Int32(truncatingIfNeeded: flat) }
                if source.isStable(new: from &+ offset) { items.markStable(new: flat) }
            }
            return
        }
        let oldSection = Int(-1 &- origin)
        let oldBase = Int(top.oldBase[oldSection])
        var flat = base
        for oldFlat in oldBase..<(oldBase &+ Int(top.oldCounts[oldSection]))
        where source.oldPartner[oldFlat] == _ItemColumns.none {
            items.newSection[flat] = section
            items.newPartner[flat] = Int32(truncatingIfNeeded: oldFlat)
            items.oldPartner[oldFlat] = Int32(truncatingIfNeeded: flat)
            items.markStable(new: flat)
            flat &+= 1
        }
        assert(flat == base &+ count, "an emptied section's leftovers are the items new lacks")
    }
}
