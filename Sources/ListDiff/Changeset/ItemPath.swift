/// The position of an item: its section's index and its index inside that section.
///
/// Which state the indexes refer to (before or after an update) is decided by the
/// operation that carries the path; see ``BatchUpdate`` and ``SequentialOperation``.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    @inlinable
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    @inlinable
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    public var description: String { "[\(section), \(item)]" }
}
