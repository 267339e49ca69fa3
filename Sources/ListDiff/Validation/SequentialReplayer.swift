/// Replays a ``SequentialChangeset`` operation by operation, as an Android adapter or a web
/// list would, and requires the result to equal the new snapshot, content included.
///
/// Inserted items are placeholders (the adapter reads them from its new data). An inserted
/// section arrives as the new snapshot has it but for the items the old snapshot holds,
/// which must be moved in; which new section it is follows from the section operations.
/// Carried items keep their identity and old content until an update refreshes them. At the
/// end every section and carried item must stand exactly where the new snapshot has it.
public enum SequentialReplayer {
    /// Why a replay failed: the operation (by position) and what went wrong.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var operationIndex: Int?
        public var message: String
        public var description: String { (operationIndex.map { "operation \($0): " } ?? "") + message }
    }

    /// - Complexity: O(k · n) for k operations over n items; meant for tests, not requests.
    public static func replay<S, I, C>(
        _ changeset: SequentialChangeset, from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
    ) throws(Failure) {
        let arrivals = try insertedSections(of: changeset, from: old, to: new)
        var state = old.sections.map {
            _ReplaySection(
                id: $0.id, content: $0.content, items: $0.items.map { _ReplayItem(id: $0.id, content: $0.content) })
        }
        for (index, operation) in changeset.operations.enumerated() {
            do {
                try apply(operation, arriving: arrivals[index] ?? [], to: &state)
            } catch let message {
                throw Failure(operationIndex: index, message: message.text)
            }
        }
        try compare(state, with: new)
    }

    /// Applies one operation; `arriving` holds the sections it inserts, if any.
    static func apply<S, I, C>(
        _ operation: SequentialOperation, arriving: [_ReplaySection<S, I, C>], to state: inout [_ReplaySection<S, I, C>]
    ) throws(_ReplayMessage) {
        switch operation {
        case .deleteSections(let at, let count):
            try check(at, count, within: state.count, "delete sections")
            state.removeSubrange(at..<(at + count))
        case .insertSections(let at, let count):
            try check(at, 0, within: state.count, "insert sections")
            guard count > 0 else { throw _ReplayMessage("insert of no sections") }
            state.insert(contentsOf: arriving, at: at)
        case .moveSection(let from, let to):
            try check(from, 1, within: state.count, "move section")
            let section = state.remove(at: from)
            try check(to, 0, within: state.count, "move section to")
            state.insert(section, at: to)
        case .reloadSections(let at, let count):
            try check(at, count, within: state.count, "reload sections")
            for index in at..<(at + count) { state[index].refreshed = true }
        case .deleteItems(let section, let at, let count):
            try checkItems(section, at, count, in: state, "delete items")
            state[section].items.removeSubrange(at..<(at + count))
        case .insertItems(let section, let at, let count):
            try checkItems(section, at, 0, in: state, "insert items")
            guard count > 0 else { throw _ReplayMessage("insert of no items") }
            state[section].items.insert(
                contentsOf: repeatElement(_ReplayItem(id: nil, content: nil), count: count), at: at)
        case .moveItem(let from, let to):
            try checkItems(from.section, from.item, 1, in: state, "move item")
            let item = state[from.section].items.remove(at: from.item)
            try checkItems(to.section, to.item, 0, in: state, "move item to")
            state[to.section].items.insert(item, at: to.item)
        case .reloadItems(let section, let at, let count), .reconfigureItems(let section, let at, let count):
            try checkItems(section, at, count, in: state, "update items")
            for index in at..<(at + count) { state[section].items[index].refreshed = true }
        }
    }

    static func check(_ at: Int, _ count: Int, within size: Int, _ what: String) throws(_ReplayMessage) {
        guard at >= 0, count >= 0, at + count <= size else {
            throw _ReplayMessage("\(what) at \(at) (count \(count)) is out of bounds: there are \(size)")
        }
    }

    static func checkItems<S, I, C>(
        _ section: Int, _ at: Int, _ count: Int, in state: [_ReplaySection<S, I, C>], _ what: String
    ) throws(_ReplayMessage) {
        try check(section, 1, within: state.count, "\(what): section")
        try check(at, count, within: state[section].items.count, "\(what) in section \(section)")
    }

    static func compare<S, I, C>(_ state: [_ReplaySection<S, I, C>], with new: Snapshot<S, I, C>) throws(Failure) {
        guard state.count == new.sections.count else {
            throw Failure(message: "the replay ends with \(state.count) sections, the target has \(new.sections.count)")
        }
        for (index, (section, target)) in zip(state, new.sections).enumerated() {
            guard section.id == target.id else {
                throw Failure(message: "section \(index) is \"\(section.id)\", the target has \"\(target.id)\"")
            }
            guard section.refreshed || section.content == target.content else {
                throw Failure(message: "section \(index) content is stale: an update is missing")
            }
            guard section.items.count == target.items.count else {
                throw Failure(
                    message:
                        "section \(index) ends with \(section.items.count) items, the target has \(target.items.count)")
            }
            for (item, (replayed, wanted)) in zip(section.items, target.items).enumerated() {
                guard let replayedID = replayed.id else { continue }
                let path = ItemPath(section: index, item: item)
                guard replayedID == wanted.id else {
                    throw Failure(
                        message: "at \(path) the replay has \"\(replayedID)\", the target has \"\(wanted.id)\"")
                }
                guard replayed.refreshed || section.refreshed || replayed.content == wanted.content else {
                    throw Failure(message: "content at \(path) is stale: an update is missing")
                }
            }
        }
    }
}

struct _ReplaySection<S: Hashable & Sendable, I: Hashable & Sendable, C: Equatable & Sendable> {
    var id: S
    var content: C?
    var items: [_ReplayItem<I, C>]
    var refreshed = false
}

struct _ReplayItem<I: Hashable & Sendable, C: Equatable & Sendable> {
    var id: I?
    var content: C?
    var refreshed = false
}

struct _ReplayMessage: Error {
    let text: String
    init(_ text: String) { self.text = text }
}
