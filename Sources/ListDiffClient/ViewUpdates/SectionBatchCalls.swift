import Foundation

/// The section calls `UICollectionView` and `NSCollectionView` share, spelled alike in both:
/// their helpers hand a stage's section changes over with ``applySections(of:)``, and keep
/// only their item calls, whose index-path collections differ.
@MainActor
protocol SectionBatchCalls {
    func deleteSections(_ sections: IndexSet)
    func insertSections(_ sections: IndexSet)
    func moveSection(_ section: Int, toSection newSection: Int)
    func reloadSections(_ sections: IndexSet)
}

extension SectionBatchCalls {
    /// A stage's section deletes, inserts, moves and reloads, in the order a batch takes them.
    /// O(section operations).
    func applySections(of batch: PlatformBatch) {
        deleteSections(batch.deletedSections)
        insertSections(batch.insertedSections)
        for move in batch.movedSections { moveSection(move.from, toSection: move.to) }
        reloadSections(batch.reloadedSections)
    }
}
