/// The operations of one `performBatchUpdates` call, in UIKit's coordinates: deletes, move
/// sources and in-batch reloads refer to the state before the call; inserts and move targets
/// to the state after it. The order of operations inside the call does not matter.
///
/// ``SectionedDiff`` never puts reloads inside a batch (it reports content updates after the
/// batch, see ``ContentUpdates``); the fields exist so that ``BatchUpdateSimulator`` can judge
/// any batch a client might build, including ones that break rule R5.
public struct BatchUpdate: Hashable, Sendable {
    public var sectionDeletes: [Int] = []
    public var sectionInserts: [Int] = []
    public var sectionMoves: [SectionMove] = []
    public var sectionReloads: [Int] = []
    public var itemDeletes: [ItemPath] = []
    public var itemInserts: [ItemPath] = []
    public var itemMoves: [ItemMove] = []
    public var itemReloads: [ItemPath] = []

    public init() {}

    public init(
        sectionDeletes: [Int] = [], sectionInserts: [Int] = [], sectionMoves: [SectionMove] = [],
        sectionReloads: [Int] = [],
        itemDeletes: [ItemPath] = [], itemInserts: [ItemPath] = [], itemMoves: [ItemMove] = [],
        itemReloads: [ItemPath] = []
    ) {
        self.sectionDeletes = sectionDeletes
        self.sectionInserts = sectionInserts
        self.sectionMoves = sectionMoves
        self.sectionReloads = sectionReloads
        self.itemDeletes = itemDeletes
        self.itemInserts = itemInserts
        self.itemMoves = itemMoves
        self.itemReloads = itemReloads
    }

    /// True when the call would change nothing.
    public var isEmpty: Bool {
        sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty && sectionReloads.isEmpty
            && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty && itemReloads.isEmpty
    }
}
