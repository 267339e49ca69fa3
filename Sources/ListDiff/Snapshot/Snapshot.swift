/// A sectioned list: section identifiers, each with an ordered array of items.
///
/// The storage follows ListKit: one array of sections, each holding its own item array, a
/// section → index map, and a lazily built item → section map used only by operations that
/// must find an item. Identity and content are separate: an item is an identifier plus
/// optional `Content`; two versions of one identifier whose content differs are reported as
/// an update, never as a delete and insert.
///
/// Invariants (the diff relies on them): section identifiers are unique among sections and
/// item identifiers are unique across the whole snapshot. Every public way of building or
/// changing a snapshot keeps them, throwing ``SnapshotError`` where
/// `NSDiffableDataSourceSnapshot` would crash.
///
/// Marks (``reloadedItems``, ``reconfiguredItems``, ``reloadedSections``) ask the diff to
/// report an update for elements whose content did not visibly change.
public struct Snapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable, Content: Equatable & Sendable>:
    Sendable
{
    /// An item: its identity, and optional content compared to detect updates.
    public struct Item: Sendable {
        public var id: ItemID
        public var content: Content?

        @inlinable
        public init(_ id: ItemID, content: Content? = nil) {
            self.id = id
            self.content = content
        }
    }

    /// A section: its identity, optional content, and its items in order.
    public struct Section: Sendable {
        public var id: SectionID
        public var content: Content?
        public var items: ContiguousArray<Item>

        @inlinable
        public init(_ id: SectionID, content: Content? = nil, items: ContiguousArray<Item> = []) {
            self.id = id
            self.content = content
            self.items = items
        }
    }

    /// The sections in order; each holds its items. O(1): the stored array itself.
    public internal(set) var sections: ContiguousArray<Section> {
        @inlinable get { _sections }
        set { _sections = newValue }
        _modify { yield &_sections }
    }
    /// Stored apart from ``sections`` so that inlinable editing (``editItemsUnchecked(placing:in:removing:_:)``,
    /// specialised in the wire layer) may change it in place.
    @usableFromInline internal var _sections: ContiguousArray<Section>
    /// The section index, item map and marks; nil while all are empty (``_SnapshotAnnex``).
    @usableFromInline internal var _annexBox: _SnapshotAnnexBox<SectionID, ItemID>?

    /// Each section's position when there are more than ``_scannedSectionLimit`` sections;
    /// empty otherwise (see ``_position(ofSection:)``).
    @inlinable internal var _sectionIndex: [SectionID: Int] {
        get { _annexBox?.value.sectionIndex ?? [:] }
        _modify {
            let box = _uniqueAnnex()
            yield &box.value.sectionIndex
        }
    }
    /// Item → section identifier; built on first use by an operation that must locate items.
    @inlinable internal var _itemSection: [ItemID: SectionID]? {
        get { _annexBox?.value.itemSection }
        _modify {
            let box = _uniqueAnnex()
            yield &box.value.itemSection
        }
    }

    /// Items whose cells must be reloaded even if their content is equal.
    public internal(set) var reloadedItems: Set<ItemID> {
        @inlinable get { _annexBox?.value.reloadedItems ?? [] }
        @inlinable set { _uniqueAnnex().value.reloadedItems = newValue }
        @inlinable _modify {
            let box = _uniqueAnnex()
            yield &box.value.reloadedItems
        }
    }
    /// Items whose cells must be reconfigured even if their content is equal.
    public internal(set) var reconfiguredItems: Set<ItemID> {
        @inlinable get { _annexBox?.value.reconfiguredItems ?? [] }
        @inlinable set { _uniqueAnnex().value.reconfiguredItems = newValue }
        @inlinable _modify {
            let box = _uniqueAnnex()
            yield &box.value.reconfiguredItems
        }
    }
    /// Sections to reload even if their content is equal.
    public internal(set) var reloadedSections: Set<SectionID> {
        @inlinable get { _annexBox?.value.reloadedSections ?? [] }
        @inlinable set { _uniqueAnnex().value.reloadedSections = newValue }
        @inlinable _modify {
            let box = _uniqueAnnex()
            yield &box.value.reloadedSections
        }
    }

    /// The annex's box, made this snapshot's own first (created, or copied from the one it
    /// shares) so that it can be changed. O(1), or the annex's size when copied.
    @inlinable
    mutating func _uniqueAnnex() -> _SnapshotAnnexBox<SectionID, ItemID> {
        if isKnownUniquelyReferenced(&_annexBox), let box = _annexBox { return box }
        let box = _SnapshotAnnexBox(_annexBox?.value ?? _SnapshotAnnex())
        _annexBox = box
        return box
    }

    /// An empty snapshot.
    public init() {
        _sections = []
    }

    /// A snapshot of the given sections, checking that identifiers are unique.
    ///
    /// - Complexity: O(n) for n items; every identifier is hashed once.
    /// - Throws: ``SnapshotError/duplicateSections(_:)`` or ``SnapshotError/duplicateItems(_:)``
    ///   naming the duplicates (up to ``SnapshotError/reportedDuplicateLimit``).
    @inlinable
    public init(sections: some Sequence<Section>) throws(SnapshotError<SectionID, ItemID>) {
        let sections = ContiguousArray(sections)
        let sectionIndex = try Self._indexSections(sections)
        self.init(_sections: sections, sectionIndex: sectionIndex, itemSection: try Self._indexItems(sections))
    }

    /// A snapshot whose identifiers the caller has already proven unique (the wire layer
    /// does so while interning them), so no identifier is hashed here.
    ///
    /// - Complexity: O(s) for s sections.
    @_spi(Unchecked)
    public init(uncheckedUniqueSections sections: ContiguousArray<Section>) {
        self.init(_uncheckedUniqueSections: sections)
    }

    /// The same snapshot's marks over other sections, whose identifiers the caller has proven
    /// unique (the wire layer's visible rows and edited trees of outline sections). Marks
    /// naming an item or section the new sections do not hold are dropped: they ask for
    /// nothing, and the diff refuses marks it cannot find (see ``addingHeldMarks(reloading:reconfiguring:reloadingSections:)``).
    ///
    /// - Complexity: O(s) for s sections without marks; O(n) with them.
    @_spi(Unchecked)
    public func replacingSections(uncheckedUnique sections: ContiguousArray<Section>) -> Snapshot {
        Snapshot(_uncheckedUniqueSections: sections)
            .addingHeldMarks(
                reloading: reloadedItems, reconfiguring: reconfiguredItems, reloadingSections: reloadedSections)
    }

    /// Lets the wire layer edit items in place, in code specialized for its types: `body` may
    /// reorder, insert and remove items (keeping identifiers unique), not sections. `placed` names the items it put into `section` (inserted or
    /// moved), `removed` those it removed, whose marks go with them; the item map, where built,
    /// is kept up to date with both.
    ///
    /// - Complexity: O(1) plus `body`, O(placed + removed).
    @_spi(Unchecked) @inlinable
    public mutating func editItemsUnchecked<R>(
        placing placed: [ItemID] = [], in section: SectionID? = nil, removing removed: [ItemID] = [],
        _ body: (inout ContiguousArray<Section>) -> R
    ) -> R {
        let result = body(&_sections)
        if !placed.isEmpty || !removed.isEmpty { _noteEdited(placing: placed, in: section, removing: removed) }
        return result
    }

    /// The item map and marks after ``editItemsUnchecked(placing:in:removing:_:)``. O(placed + removed).
    @usableFromInline
    mutating func _noteEdited(placing placed: [ItemID], in section: SectionID?, removing removed: [ItemID]) {
        if _itemSection != nil {
            for id in removed { _itemSection?[id] = nil }
            if let section { for id in placed { _itemSection?[id] = section } }
        }
        if !removed.isEmpty, !reloadedItems.isEmpty || !reconfiguredItems.isEmpty {
            reloadedItems.subtract(removed)
            reconfiguredItems.subtract(removed)
        }
    }

    /// Marks items the caller has found in the snapshot to be reloaded or reconfigured. O(k).
    @_spi(Unchecked)
    public mutating func markUnchecked(reloading reloaded: [ItemID], reconfiguring reconfigured: [ItemID]) {
        reloadedItems.formUnion(reloaded)
        reconfiguredItems.formUnion(reconfigured)
    }

    @inlinable
    init(_uncheckedUniqueSections sections: ContiguousArray<Section>) {
        var index: [SectionID: Int] = [:]
        if sections.count > Self._scannedSectionLimit {
            index.reserveCapacity(sections.count)
            for (position, section) in sections.enumerated() { index[section.id] = position }
        }
        self.init(_sections: sections, sectionIndex: index, itemSection: nil)
    }

    /// Up to this many sections, a section is found by scanning their identifiers rather than
    /// through ``_sectionIndex``: a flat list's snapshot (every diff request's) then builds
    /// no dictionary, and a scan of a few identifiers costs less than a hash.
    @inlinable
    static var _scannedSectionLimit: Int { 8 }

    /// The position of section `id`, or nil. O(1) expected: a scan of at most
    /// ``_scannedSectionLimit`` identifiers, or a lookup.
    @inlinable
    func _position(ofSection id: SectionID) -> Int? {
        guard sections.count > Self._scannedSectionLimit else { return sections.firstIndex { $0.id == id } }
        return _sectionIndex[id]
    }

    /// Stores what the inlinable initializers computed (the setter of `sections` is internal,
    /// so they cannot set it themselves). O(1).
    @usableFromInline
    init(
        _sections sections: ContiguousArray<Section>, sectionIndex: [SectionID: Int], itemSection: [ItemID: SectionID]?
    ) {
        _sections = sections
        if !sectionIndex.isEmpty || itemSection != nil {
            var annex = _SnapshotAnnex<SectionID, ItemID>()
            annex.sectionIndex = sectionIndex
            annex.itemSection = itemSection
            _annexBox = _SnapshotAnnexBox(annex)
        }
    }

    /// The sections, taken out (the snapshot is left without any until
    /// ``_replacingContent(with:)`` puts them back), so that a caller holding the only other
    /// reference can change them without copying every item. O(1).
    @usableFromInline
    mutating func _takeSections() -> ContiguousArray<Section> {
        defer { sections = [] }
        return sections
    }

    /// The same snapshot with `sections` in place of its own, which hold the same identifiers
    /// in the same places (content may differ), so the indexes stay valid. O(1).
    @usableFromInline
    func _replacingContent(with sections: ContiguousArray<Section>) -> Snapshot {
        var copy = self
        copy.sections = sections
        return copy
    }

    @inlinable
    static func _indexSections(_ sections: ContiguousArray<Section>) throws(SnapshotError<SectionID, ItemID>)
        -> [SectionID: Int]
    {
        var duplicates: [SectionID] = []
        func note(_ id: SectionID) {
            if duplicates.count < SnapshotError<SectionID, ItemID>.reportedDuplicateLimit { duplicates.append(id) }
        }
        // Few sections keep no index (see `_position(ofSection:)`): their repeats are found by
        // comparing each with those before it.
        guard sections.count > _scannedSectionLimit else {
            for position in sections.indices
            where sections[..<position].contains(where: { $0.id == sections[position].id }) {
                note(sections[position].id)
            }
            if !duplicates.isEmpty { throw .duplicateSections(duplicates) }
            return [:]
        }
        var index = [SectionID: Int](minimumCapacity: sections.count)
        for (position, section) in sections.enumerated() where index.updateValue(position, forKey: section.id) != nil {
            note(section.id)
        }
        if !duplicates.isEmpty { throw .duplicateSections(duplicates) }
        return index
    }

    @inlinable
    static func _indexItems(_ sections: ContiguousArray<Section>) throws(SnapshotError<SectionID, ItemID>) -> [ItemID:
        SectionID]
    {
        var map = [ItemID: SectionID](minimumCapacity: sections.reduce(0) { $0 + $1.items.count })
        var duplicates: [ItemID] = []
        for section in sections {
            for item in section.items where map.updateValue(section.id, forKey: item.id) != nil {
                if duplicates.count < SnapshotError<SectionID, ItemID>.reportedDuplicateLimit {
                    duplicates.append(item.id)
                }
            }
        }
        if !duplicates.isEmpty { throw .duplicateItems(duplicates) }
        return map
    }
}

extension Snapshot: Equatable {
    /// Two snapshots are equal when they hold the same sections and items in the same order
    /// with equal content. Marks are requests to the next diff, not state, and are ignored.
    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
        guard lhs.sections.count == rhs.sections.count else { return false }
        for (left, right) in zip(lhs.sections, rhs.sections) {
            guard left.id == right.id, left.content == right.content, left.items.count == right.items.count else {
                return false
            }
            for (a, b) in zip(left.items, right.items) where a.id != b.id || a.content != b.content { return false }
        }
        return true
    }
}

/// A snapshot without content: identity alone decides everything.
public typealias IdentifierSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> = Snapshot<
    SectionID, ItemID, Never
>
