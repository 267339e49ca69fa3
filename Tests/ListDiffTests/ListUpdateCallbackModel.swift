import ListDiff

/// Android's `ListUpdateCallback` on one flat array of adapter positions, and the translation
/// of the sequential form into its calls exactly as docs/android.md gives it: a sectioned list
/// is flattened as each section's header row followed by its items; a flat list (`headers`
/// false, one section) has its items only. Calls: `onRemoved(position, count)`,
/// `onInserted(position, count)`, `onMoved(from, to)` (one row), `onChanged(position, count, payload)`.
struct ListUpdateCallbackModel {
    enum Row: Equatable {
        case header(Int)
        case item(Int?) // nil: inserted, bound from the new data
    }
    struct Slot {
        var row: Row
        var content: Int?
        var changed = false
        var payload: String?
    }
    struct Failure: Error, CustomStringConvertible { var description: String }

    let headers: Bool
    private(set) var rows: [Slot] = []
    /// The running item count of each section: the only state the translation needs.
    private(set) var sizes: [Int] = []
    /// The new list's sections the old lacks, in new order, each with the items the old lacks.
    private var arriving: [Snapshot<Int, Int, Int>.Section] = []

    init(old: Snapshot<Int, Int, Int>, new: Snapshot<Int, Int, Int>, headers: Bool) {
        self.headers = headers
        for section in old.sections {
            if headers { rows.append(Slot(row: .header(section.id), content: section.content)) }
            rows += section.items.map { Slot(row: .item($0.id), content: $0.content) }
            sizes.append(section.items.count)
        }
        let oldSections = Set(old.sectionIdentifiers)
        let oldItems = Set(old.itemIdentifiers)
        arriving = new.sections.filter { !oldSections.contains($0.id) }.map {
            var section = $0
            section.items = $0.items.filter { !oldItems.contains($0.id) }
            return section
        }
    }

    // MARK: the translation (docs/android.md, "A flat list" and "A sectioned list")

    var headerRows: Int { headers ? 1 : 0 }
    /// The adapter position of section `s`'s first row (its header when there are headers).
    func start(_ s: Int) -> Int { sizes[..<s].reduce(0) { $0 + headerRows + $1 } }
    func position(_ s: Int, _ i: Int) -> Int { start(s) + headerRows + i }
    func rowCount(_ range: Range<Int>) -> Int { sizes[range].reduce(0) { $0 + headerRows + $1 } }

    mutating func apply(_ operation: SequentialOperation) throws(Failure) {
        switch operation {
        case .deleteSections(let at, let count):
            try onRemoved(start(at), rowCount(at..<at + count))
            sizes.removeSubrange(at..<at + count)
        case .insertSections(let at, let count):
            let sections = arriving.prefix(count)
            arriving.removeFirst(sections.count)
            let slots = sections.flatMap { section in
                (headers ? [Slot(row: .header(section.id), content: section.content)] : [])
                    + section.items.map { Slot(row: .item($0.id), content: $0.content) }
            }
            try onInserted(start(at), slots)
            sizes.insert(contentsOf: sections.map(\.items.count), at: at)
        case .moveSection(let from, let to):
            let rowsMoved = headerRows + sizes[from]
            let source = start(from)
            sizes.insert(sizes.remove(at: from), at: to)
            let target = start(to)
            for k in 0..<rowsMoved {
                if target < source {
                    try onMoved(source + k, target + k)
                } else {
                    try onMoved(source, target + rowsMoved - 1)
                }
            }
        case .reloadSections(let at, let count):
            try onChanged(start(at), rowCount(at..<at + count), payload: nil)
        case .deleteItems(let s, let at, let count):
            try onRemoved(position(s, at), count)
            sizes[s] -= count
        case .insertItems(let s, let at, let count):
            try onInserted(position(s, at), Array(repeating: Slot(row: .item(nil), content: nil), count: count))
            sizes[s] += count
        case .moveItem(let from, let to):
            let source = position(from.section, from.item)
            sizes[from.section] -= 1
            let target = position(to.section, to.item)
            sizes[to.section] += 1
            try onMoved(source, target)
        case .reloadItems(let s, let at, let count):
            try onChanged(position(s, at), count, payload: nil)
        case .reconfigureItems(let s, let at, let count):
            try onChanged(position(s, at), count, payload: "reconfigure")
        }
    }

    // MARK: ListUpdateCallback's flat semantics

    mutating func onRemoved(_ position: Int, _ count: Int) throws(Failure) {
        try check(position, count, "onRemoved")
        rows.removeSubrange(position..<position + count)
    }
    mutating func onInserted(_ position: Int, _ slots: [Slot]) throws(Failure) {
        try check(position, 0, "onInserted")
        rows.insert(contentsOf: slots, at: position)
    }
    mutating func onMoved(_ from: Int, _ to: Int) throws(Failure) {
        try check(from, 1, "onMoved from")
        let slot = rows.remove(at: from)
        try check(to, 0, "onMoved to")
        rows.insert(slot, at: to)
    }
    mutating func onChanged(_ position: Int, _ count: Int, payload: String?) throws(Failure) {
        try check(position, count, "onChanged")
        for index in position..<position + count {
            rows[index].changed = true
            rows[index].payload = payload
        }
    }
    func check(_ position: Int, _ count: Int, _ call: String) throws(Failure) {
        guard position >= 0, count >= 0, position + count <= rows.count else {
            throw Failure(description: "\(call)(\(position), \(count)) out of bounds: \(rows.count) rows")
        }
    }

    /// The new list flattened the same way, each row with its content.
    static func flatten(_ snapshot: Snapshot<Int, Int, Int>, headers: Bool) -> [(row: Row, content: Int?)] {
        snapshot.sections.flatMap { section in
            (headers ? [(Row.header(section.id), section.content)] : [])
                + section.items.map { (.item($0.id), $0.content) }
        }
    }
}
