/// A section move inside one batch: `from` is an index before the batch, `to` after it.
public struct SectionMove: Hashable, Sendable {
    public var from: Int
    public var to: Int

    @inlinable
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}

/// An item move inside one batch: `from` is a path before the batch, `to` after it.
public struct ItemMove: Hashable, Sendable {
    public var from: ItemPath
    public var to: ItemPath

    @inlinable
    public init(from: ItemPath, to: ItemPath) {
        self.from = from
        self.to = to
    }
}
