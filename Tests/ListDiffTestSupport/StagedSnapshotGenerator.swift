import ListDiffScenarios

/// Seeded random snapshots that mix outline and flat sections, and next versions made so that
/// their changesets take more than one stage: sections move while items cross them, deleted
/// sections hold outline items, items move between outline and flat sections, parents expand
/// and collapse, sections flip their `outline` flag, and items are marked. Written as the API's
/// JSON. Shared by the wire's `OutlineStagesPropertyTests` and the service's fault property test.
public struct StagedSnapshotGenerator {
    /// An item of a generated snapshot: its JSON members and its children.
    public struct Node {
        public var id: String
        public var content: Int?
        public var kind: String?
        public var isExpanded = false
        public var children: [Node] = []

        public init(
            id: String, content: Int? = nil, kind: String? = nil, isExpanded: Bool = false, children: [Node] = []
        ) {
            self.id = id
            self.content = content
            self.kind = kind
            self.isExpanded = isExpanded
            self.children = children
        }

        public func json(outline: Bool) -> String {
            var members = ["\"id\":\"\(id)\""]
            if let content { members.append("\"content\":\(content)") }
            if let kind { members.append("\"kind\":\"\(kind)\"") }
            if outline, isExpanded { members.append("\"expanded\":true") }
            if outline, !children.isEmpty {
                members.append("\"children\":[\(children.map { $0.json(outline: true) }.joined(separator: ","))]")
            }
            return members.count == 1 ? "\"\(id)\"" : "{\(members.joined(separator: ","))}"
        }

        public var ids: [String] { [id] + children.flatMap(\.ids) }
    }

    public struct Section {
        public var id: String
        public var isOutline: Bool
        public var items: [Node]

        public init(id: String, isOutline: Bool, items: [Node]) {
            self.id = id
            self.isOutline = isOutline
            self.items = items
        }
    }

    public var random: SplitMix64

    public init(random: SplitMix64) { self.random = random }

    public mutating func below(_ count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// Sections from a small pool of section ids, holding items from a small pool of item
    /// ids (each at most once), outlines as forests up to three levels deep.
    public mutating func snapshot() -> [Section] {
        var pool = (0..<24).map { "i\($0)" }
        pool.shuffle(using: &random)
        var sectionIDs = (0..<6).map { "s\($0)" }
        sectionIDs.shuffle(using: &random)
        return sectionIDs.prefix(1 + below(4)).map { id in
            let isOutline = chance(60)
            return Section(
                id: id, isOutline: isOutline, items: forest(from: &pool, count: below(5), depth: isOutline ? 0 : 3))
        }
    }

    public mutating func forest(from pool: inout [String], count: Int, depth: Int) -> [Node] {
        var nodes: [Node] = []
        for _ in 0..<count {
            guard let id = pool.popLast() else { break }
            var node = Node(
                id: id, content: chance(30) ? below(3) : nil, kind: chance(10) ? "k\(below(2))" : nil,
                isExpanded: chance(60))
            if depth < 3, chance(45) { node.children = forest(from: &pool, count: 1 + below(3), depth: depth + 1) }
            nodes.append(node)
        }
        return nodes
    }

    /// The next version: most often the old one edited (items carried across sections,
    /// sections deleted, inserted, moved and flipped, parents expanded and collapsed,
    /// contents changed), else a snapshot of its own over the same pools.
    public mutating func next(after old: [Section]) -> [Section] {
        guard chance(75) else { return snapshot() }
        var sections = old
        for _ in 0..<(1 + below(5)) { edit(&sections) }
        return sections
    }

    public mutating func edit(_ sections: inout [Section]) {
        switch below(8) {
        case 0 where !sections.isEmpty:
            sections.remove(at: below(sections.count))
        case 1:
            let used = Set(sections.map(\.id))
            guard let id = (0..<6).map({ "s\($0)" }).first(where: { !used.contains($0) }) else { return }
            sections.insert(Section(id: id, isOutline: chance(60), items: []), at: below(sections.count + 1))
        case 2 where sections.count > 1:
            let section = sections.remove(at: below(sections.count))
            sections.insert(section, at: below(sections.count + 1))
        case 3 where !sections.isEmpty:
            let index = below(sections.count)
            sections[index].isOutline.toggle()
            if !sections[index].isOutline { sections[index].items = sections[index].items.flatMap(Self.flattened) }
        case 4, 5:
            carryItem(&sections)
        case 6:
            for index in sections.indices { toggleExpansion(&sections[index].items) }
        default:
            for index in sections.indices { changeContent(&sections[index].items) }
        }
    }

    public static func flattened(_ node: Node) -> [Node] {
        [Node(id: node.id, content: node.content, kind: node.kind)] + node.children.flatMap(flattened)
    }

    /// Takes a random subtree out of one section and puts it at the top of another (or the
    /// same) section, flattened when that one is flat.
    public mutating func carryItem(_ sections: inout [Section]) {
        let holding = sections.indices.filter { !sections[$0].items.isEmpty }
        guard !holding.isEmpty else { return }
        let from = holding[below(holding.count)]
        let taken = sections[from].items.remove(at: below(sections[from].items.count))
        let to = below(sections.count)
        let carried = sections[to].isOutline ? [taken] : Self.flattened(taken)
        sections[to].items.insert(contentsOf: carried, at: below(sections[to].items.count + 1))
    }

    public mutating func toggleExpansion(_ nodes: inout [Node]) {
        for index in nodes.indices {
            if chance(30) { nodes[index].isExpanded.toggle() }
            toggleExpansion(&nodes[index].children)
        }
    }

    public mutating func changeContent(_ nodes: inout [Node]) {
        for index in nodes.indices {
            if chance(15) { nodes[index].content = chance(80) ? below(3) : nil }
            if chance(5) { nodes[index].kind = chance(50) ? "k\(below(2))" : nil }
            changeContent(&nodes[index].children)
        }
    }

    /// Marks on a few of the snapshot's items and sections.
    public mutating func marks(_ sections: [Section]) -> String {
        let ids = sections.flatMap { $0.items.flatMap(\.ids) }
        var members: [String] = []
        for name in ["reloaded", "reconfigured"] where chance(25) && !ids.isEmpty {
            members.append(
                "\"\(name)\":[\(Set((0..<1 + below(3)).map { _ in ids[below(ids.count)] }).sorted().map { "\"\($0)\"" }.joined(separator: ","))]"
            )
        }
        if chance(10), let section = sections.randomElement(using: &random) {
            members.append("\"reloadedSections\":[\"\(section.id)\"]")
        }
        return members.map { "," + $0 }.joined()
    }

    public mutating func json(_ sections: [Section], marked: Bool) -> String {
        let body = sections.map { section in
            "{\"id\":\"\(section.id)\"\(section.isOutline ? ",\"outline\":true" : ""),\"items\":[\(section.items.map { $0.json(outline: section.isOutline) }.joined(separator: ","))]}"
        }
        return "{\"sections\":[\(body.joined(separator: ","))]\(marked ? marks(sections) : "")}"
    }
}
