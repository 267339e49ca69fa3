/// Content updates in after-state coordinates, applied once the batch (or every stage of it)
/// has been applied: `reloadSections`, `reloadItems` and `reconfigureItems` on the view as it
/// now stands. Keeping them out of the batch is what makes rule R5 (reloads and moves do not
/// mix) impossible to break.
public struct ContentUpdates: Hashable, Sendable {
    /// Sections whose content changed or that were marked for reload.
    public var sectionReloads: [Int] = []
    /// Items to reload: content changes when reloads were asked for, and reload marks.
    public var itemReloads: [ItemPath] = []
    /// Items to reconfigure: content changes by default, and reconfigure marks.
    public var itemReconfigures: [ItemPath] = []

    public init(sectionReloads: [Int] = [], itemReloads: [ItemPath] = [], itemReconfigures: [ItemPath] = []) {
        self.sectionReloads = sectionReloads
        self.itemReloads = itemReloads
        self.itemReconfigures = itemReconfigures
    }

    public var isEmpty: Bool { sectionReloads.isEmpty && itemReloads.isEmpty && itemReconfigures.isEmpty }
}
