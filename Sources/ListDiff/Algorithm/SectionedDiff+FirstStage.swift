extension SectionedDiff {
    /// The indexes of stage one, from `old` to `middle` (``_intermediate(isDirty:reshaped:newCodes:)``,
    /// whose items' identities are `codes`), derived from this diff's without a symbol table.
    ///
    /// The old side keeps this diff's flat numbers, so an item's code (``_SectionCodes``: its
    /// old flat number when `old` holds it) is its partner. A section stage one leaves as new
    /// (neither dirty nor `reshaped`) carries its partners, and its stability, from this diff;
    /// a dirty kept section holds its old items in order; the reshaped and the dirty inserted
    /// ones read their codes. Only the reshaped kept sections need their stable items found.
    ///
    /// ``_Matcher/run()`` would skip a dirty kept section as unchanged; here it is processed,
    /// which keeps the old side's numbering. Its items all stay, so the batch and the sections
    /// that would need a further stage are those `run()` gives.
    ///
    /// - Complexity: O(s + p) for s sections and p processed items, plus the LIS of the
    ///   reshaped sections' kept items.
    @inlinable
    func _firstStageIndexes(middle: Source, codes: [_SectionCodes], isDirty: [Bool], reshaped: [Bool]) -> _DiffIndexes {
        let top = _indexes
        var newBase = _SectionColumn(repeating: _DiffIndexes.none, count: top.newSectionCount)
        var newCounts = _SectionColumn<Int32>(repeating: 0, count: top.newSectionCount)
        var newTotal: Int32 = 0
        for section in 0..<top.newSectionCount where top.isProcessed(new: section) {
            let count = Int32(truncatingIfNeeded: middle.sections[section].items.count)
            newBase[section] = newTotal
            newCounts[section] = count
            newTotal &+= count
        }
        var matcher = _Matcher(old: old, new: middle, options: options)
        matcher.result = top
        matcher.result.updates = ContentUpdates()
        matcher.result.newBase = newBase
        matcher.result.newCounts = newCounts
        // Built apart and moved in, so the stability pass writes columns nothing else holds.
        matcher.result.items = _firstStageColumns(
            newCount: Int(newTotal), newBase: newBase, newCounts: newCounts, codes: codes, isDirty: isDirty,
            reshaped: reshaped)
        // Stability: carried for the sections left as new, found for the others.
        matcher.markStableItems(copying: (0..<top.newSectionCount).map { !isDirty[$0] && !reshaped[$0] }, from: top)
        return matcher.result
    }

    /// The item columns of ``_firstStageIndexes(middle:codes:isDirty:reshaped:)``, stability aside.
    @inlinable
    func _firstStageColumns(
        newCount: Int, newBase: _SectionColumn<Int32>, newCounts: _SectionColumn<Int32>, codes: [_SectionCodes],
        isDirty: [Bool], reshaped: [Bool]
    ) -> _ItemColumns {
        let top = _indexes
        var columns = _ItemColumns(oldCount: top.items.oldCount, newCount: newCount)
        columns.update { items in
            top.items.read { source in
                if let from = source.oldSection.baseAddress, let to = items.oldSection.baseAddress {
                    to.update(from: from, count: items.oldSection.count)
                }
                items.oldPartner.update(repeating: _ItemColumns.none)
                let oldCount = Int32(truncatingIfNeeded: top.items.oldCount)
                for section in 0..<top.newSectionCount where newBase[section] != _DiffIndexes.none {
                    let flats = Int(newBase[section])..<Int(newBase[section] &+ newCounts[section])
                    items.newSection[flats].update(repeating: Int32(truncatingIfNeeded: section))
                    if !isDirty[section], !reshaped[section] {
                        let from = Int(top.newBase[section]) &- flats.lowerBound
                        for flat in flats {
                            let partner = source.newPartner[from &+ flat]
                            items.newPartner[flat] = partner
                            if partner != _ItemColumns.none {
                                items.oldPartner[Int(partner)] = Int32(truncatingIfNeeded: flat)
                            }
                        }
                        continue
                    }
                    let sectionCodes = codes[section]
                    for flat in flats {
                        let code = sectionCodes.code(at: flat &- flats.lowerBound)
                        let partner = code < oldCount ? code : _ItemColumns.none
                        items.newPartner[flat] = partner
                        if partner != _ItemColumns.none {
                            items.oldPartner[Int(partner)] = Int32(truncatingIfNeeded: flat)
                        }
                    }
                }
            }
        }
        return columns
    }
}
