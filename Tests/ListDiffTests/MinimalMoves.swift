import ListDiff

/// An independent count of the fewest moves, by quadratic dynamic programming rather than
/// the engine's patience sort: for sections, kept − the longest increasing run that holds
/// every fixed section (old index == new index: R8 forbids moving one to its own index, and
/// re-inserting it would lose its cells); for items, every kept item whose section changed
/// (deleted and inserted sections included) plus, per kept section, kept-in-place − LIS.
enum MinimalMoves {
    struct Mismatch: Error, CustomStringConvertible {
        let description: String
    }

    static func lisLength(_ values: [Int]) -> Int {
        lisLength(values, isFixed: values.map { _ in false })
    }

    /// The longest strictly increasing subsequence that contains every element marked fixed.
    static func lisLength(_ values: [Int], isFixed: [Bool]) -> Int {
        // best[i]: the longest such run ending at i that skips no fixed element before i.
        var best = [Int](repeating: 0, count: values.count)
        for i in values.indices {
            var firstFixedBefore = i
            while firstFixedBefore > 0, !isFixed[firstFixedBefore - 1] { firstFixedBefore -= 1 }
            best[i] = firstFixedBefore == 0 ? 1 : 0
            for j in max(0, firstFixedBefore - 1)..<i where values[j] < values[i] && best[j] > 0 {
                best[i] = max(best[i], best[j] + 1)
            }
        }
        let lastFixed = isFixed.lastIndex(of: true) ?? 0
        return best.indices.filter { $0 >= lastFixed }.map { best[$0] }.max() ?? 0
    }

    /// The fewest section moves from `old` to the order `order`, keeping every fixed section,
    /// and the fewest without that constraint.
    static func sectionMoves(from old: [Int], to order: [Int]) -> (keepingFixed: Int, unconstrained: Int) {
        let keptAt = order.indices.filter { old.contains(order[$0]) }
        let keptSections = keptAt.compactMap { old.firstIndex(of: order[$0]) }
        let isFixed = zip(keptSections, keptAt).map { $0 == $1 }
        return (
            keptSections.count - lisLength(keptSections, isFixed: isFixed), keptSections.count - lisLength(keptSections)
        )
    }

    /// What a changeset's section moves cost beyond a minimum.
    struct SectionMoveExcess {
        /// Moves above kept − LIS that keeping every fixed section in place took.
        var forFixedSections = 0
        /// Moves above what one batch to the new order would take (see ``check(_:old:new:sectionOrder:)``).
        var forStages = 0
    }

    /// Checks the move counts. Sections move in the first stage only, so their fixed points
    /// are those of the order it leaves (`sectionOrder`): the new order, or with deleted
    /// sections still there while items leave them — where a section that moves can land on
    /// its old index, and the minimum can differ from one batch's to the new order either way.
    @discardableResult
    static func check<C>(
        _ batch: BatchChangeset, old: Snapshot<Int, Int, C>, new: Snapshot<Int, Int, C>, sectionOrder: [Int]
    ) throws -> SectionMoveExcess {
        let counts = batch.counts
        let oldSections = old.sectionIdentifiers
        let (sectionMoves, unconstrained) = sectionMoves(from: oldSections, to: sectionOrder)
        guard counts.sectionMoves == sectionMoves, batch.stages.dropFirst().allSatisfy(\.sectionMoves.isEmpty) else {
            throw Mismatch(
                description:
                    "section moves \(counts.sectionMoves) but the minimum that keeps every fixed section is \(sectionMoves)"
            )
        }
        let oneBatch = Self.sectionMoves(from: oldSections, to: new.sectionIdentifiers).keepingFixed
        var itemMoves = 0
        for section in new.sections {
            let oldIndex = oldSections.firstIndex(of: section.id)
            let oldItems = oldIndex.map { old.sections[$0].items.map(\.id) } ?? []
            var inPlace: [Int] = []
            for item in section.items {
                if let position = oldItems.firstIndex(of: item.id) {
                    inPlace.append(position)
                } else if old.indexPathOfItem(item.id) != nil {
                    itemMoves += 1
                }
            }
            itemMoves += inPlace.count - lisLength(inPlace)
        }
        guard counts.itemMoves == itemMoves else {
            throw Mismatch(
                description:
                    "item moves \(counts.itemMoves) over \(batch.stages.count) stages but the minimum is \(itemMoves)")
        }
        return SectionMoveExcess(
            forFixedSections: sectionMoves - unconstrained, forStages: max(0, sectionMoves - oneBatch))
    }
}
