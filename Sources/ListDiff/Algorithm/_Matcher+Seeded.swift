extension _Matcher {
    /// The diff of two snapshots derived from an already diffed pair, whose items' identities
    /// are known (`oldCodes`, `newCodes`: one entry per section of `old` and `new`; codes below
    /// `codeCount`) and whose sections' pass is `sections` (their identifiers are those of a
    /// pair already matched). Nothing is hashed; numbering and stability are computed as
    /// ``run()`` computes them, so the result is the one ``run()`` would give, content updates
    /// aside (none are collected: only stages are read from it). The stability of new sections
    /// `copied` is copied from `top` (see ``markStableItems(copying:from:)``).
    ///
    /// - Complexity: O(s + p) for s sections and p processed items, plus the LIS of items
    ///   that moved within their section.
    @inlinable
    mutating func runSeeded(
        sections: _DiffIndexes, oldCodes: [_SectionCodes], newCodes: [_SectionCodes], codeCount: Int,
        copyingStable copied: [Bool], from top: _DiffIndexes
    ) -> _DiffIndexes {
        result.oldSectionCount = sections.oldSectionCount
        result.newSectionCount = sections.newSectionCount
        result.oldSectionTarget = sections.oldSectionTarget
        result.newSectionSource = sections.newSectionSource
        result.newSectionStable = sections.newSectionStable
        var unchanged = _SectionColumn(repeating: false, count: result.newSectionCount)
        for index in 0..<result.newSectionCount where !result.isInserted(new: index) {
            let source = Int(result.newSectionSource[index])
            unchanged[index] =
                old.sections[source].items.count == new.sections[index].items.count
                && oldCodes[source].equals(newCodes[index])
        }
        assignFlatNumbers(unchanged: unchanged)
        _updatingItemColumns { items, indexes, _, _ in
            items.forgetPartners()
            var table = [Int32](_filling: _ItemColumns.none, count: codeCount)
            table.withUnsafeMutableBufferPointer { table in
                for section in 0..<indexes.oldSectionCount {
                    guard let range = indexes.flatRange(old: section) else { continue }
                    let codes = oldCodes[section]
                    for flat in range {
                        let code = Int(codes.code(at: flat &- range.lowerBound))
                        assert(code >= 0, "a processed section has identities")
                        if code >= 0 { table[code] = Int32(truncatingIfNeeded: flat) }
                    }
                }
                for section in 0..<indexes.newSectionCount {
                    guard let range = indexes.flatRange(new: section) else { continue }
                    let codes = newCodes[section]
                    for flat in range {
                        let code = Int(codes.code(at: flat &- range.lowerBound))
                        assert(code >= 0, "a processed section has identities")
                        guard code >= 0, case let partner = table[code], partner != _ItemColumns.none else { continue }
                        items.oldPartner[Int(partner)] = Int32(truncatingIfNeeded: flat)
                        items.newPartner[flat] = partner
                    }
                }
            }
        }
        markStableItems(copying: copied, from: top)
        return _takeResult()
    }
}
