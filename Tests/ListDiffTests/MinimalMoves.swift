import ListDiff

/// An independent count of the fewest moves, by quadratic dynamic programming rather than
/// the engine's patience sort: for sections, kept − LIS; for items, every kept item whose
/// section changed plus, per kept section, kept-in-place − LIS.
enum MinimalMoves {
    struct Mismatch: Error, CustomStringConvertible {
        let description: String
    }

    static func lisLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }

    static func check<C>(_ batch: BatchChangeset, old: Snapshot<Int, Int, C>, new: Snapshot<Int, Int, C>) throws {
        let counts = batch.counts
        let oldSections = old.sectionIdentifiers
        let keptSections = new.sectionIdentifiers.compactMap { oldSections.firstIndex(of: $0) }
        let deletedSections = oldSections.count - keptSections.count
        let replaced = counts.sectionDeletes - deletedSections
        let sectionMoves = keptSections.count - lisLength(keptSections)
        guard counts.sectionMoves + replaced == sectionMoves else {
            throw Mismatch(description: "section moves \(counts.sectionMoves) (+\(replaced) replaced) but the minimum is \(sectionMoves)")
        }
        guard replaced == 0, batch.stages.count <= 1 else { return }
        var itemMoves = 0
        for section in new.sections {
            guard let oldIndex = oldSections.firstIndex(of: section.id) else { continue }
            let oldItems = old.sections[oldIndex].items.map(\.id)
            var inPlace: [Int] = []
            for item in section.items {
                if let position = oldItems.firstIndex(of: item.id) {
                    inPlace.append(position)
                } else if let from = old.indexPathOfItem(item.id), new.sectionIdentifiers.contains(old.sections[from.section].id) {
                    itemMoves += 1
                }
            }
            itemMoves += inPlace.count - lisLength(inPlace)
        }
        guard counts.itemMoves == itemMoves else {
            throw Mismatch(description: "item moves \(counts.itemMoves) but the minimum is \(itemMoves)")
        }
    }
}
