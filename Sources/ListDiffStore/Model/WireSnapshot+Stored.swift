@_spi(Unchecked) import ListDiff
import ListDiffWire

extension WireSnapshot {
    /// The state before a snapshot's first version: no items, in the given form.
    public static func empty(flat: Bool) -> WireSnapshot {
        flat ? WireSnapshot(uncheckedUniqueSections: [WireSnapshot.Section(WireID.flatSection)]) : WireSnapshot()
    }

    /// Whether `other` holds the same sections and items with the same content (marks aside):
    /// a write of it makes no new version. O(size).
    public func hasSameElements(as other: WireSnapshot) -> Bool {
        sections.elementsEqual(other.sections) { lhs, rhs in
            lhs.id == rhs.id && lhs.content == rhs.content
                && lhs.items.elementsEqual(rhs.items) { $0.id == $1.id && $0.content == $1.content }
        }
    }

    /// Whether it asks for updates beyond its content (reload and reconfigure marks).
    public var hasMarks: Bool {
        !reloadedItems.isEmpty || !reconfiguredItems.isEmpty || !reloadedSections.isEmpty
    }

    /// The same elements without marks: what a store keeps. O(sections).
    public var withoutMarks: WireSnapshot { WireSnapshot(uncheckedUniqueSections: sections) }
}
