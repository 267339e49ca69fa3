import ListDiffScenarios
import ListDiffTestSupport
import ListDiffWire

/// The writes of a fault case: whole documents from ``StagedSnapshotGenerator`` (each the
/// last one edited so that changesets take several stages), in the snapshot's form, sometimes
/// marked; and operation lists built from the content the snapshot holds, marks among them.
struct FaultWrites {
    typealias Section = StagedSnapshotGenerator.Section

    var generator: StagedSnapshotGenerator
    private var fresh = 0

    init(random: SplitMix64) {
        generator = StagedSnapshotGenerator(random: random)
    }

    mutating func below(_ count: Int) -> Int { generator.below(count) }
    mutating func chance(_ percent: Int) -> Bool { generator.chance(percent) }

    /// The next whole document for `snapshot` (which remembers it), and its marks.
    mutating func document(for snapshot: inout SnapshotKnowledge) -> (json: String, marks: ExpectedMarks) {
        var sections =
            snapshot.lastWritten.isEmpty ? generator.snapshot() : generator.next(after: snapshot.lastWritten)
        let marked = chance(40)
        switch snapshot.form {
        case .outline:
            if !sections.contains(where: \.isOutline), !sections.isEmpty { sections[0].isOutline = true }
        case .sectioned:
            sections = sections.map {
                Section(id: $0.id, isOutline: false, items: $0.items.flatMap(StagedSnapshotGenerator.flattened))
            }
        case .flat:
            let items = sections.flatMap { $0.items.flatMap(StagedSnapshotGenerator.flattened) }
            snapshot.lastWritten = [Section(id: "flat", isOutline: false, items: items)]
            let list = "[" + items.map { $0.json(outline: false) }.joined(separator: ",") + "]"
            guard marked, !items.isEmpty else { return (list, ExpectedMarks()) }
            let reloaded = Set((0..<1 + below(2)).map { _ in items[below(items.count)].id })
            let reconfigured = Set((0..<below(3)).map { _ in items[below(items.count)].id })
            let json =
                "{\"items\":\(list),\"reloaded\":\(Self.list(reloaded)),\"reconfigured\":\(Self.list(reconfigured))}"
            return (json, ExpectedMarks(reloaded: reloaded, reconfigured: reconfigured))
        }
        snapshot.lastWritten = sections
        let json = generator.json(sections, marked: marked)
        return (json, ExpectedMarks(document: json))
    }

    /// One to four operations on `content` (what the snapshot holds, as far as the test
    /// knows), and the marks they make.
    mutating func operations(on content: WireSnapshot, form: SnapshotKnowledge.Form) -> (
        json: String, marks: ExpectedMarks
    ) {
        var operations: [String] = []
        var marks = ExpectedMarks()
        let items = content.sections.flatMap { section in section.items.map { (section, $0) } }
        for _ in 0..<(1 + below(4)) {
            let pick = items.isEmpty ? nil : items[below(items.count)]
            let id = pick.map { Self.quoted($0.1.id.string) }
            let other = items.isEmpty ? nil : Self.quoted(items[below(items.count)].1.id.string)
            let inOutline = form == .outline && pick?.0.content?.isOutline == true
            let section = content.sections.isEmpty ? nil : content.sections[below(content.sections.count)].id.string
            let sectioned = form != .flat
            switch (below(10), id, section) {
            case (0, let id?, _):
                operations.append("{\"op\":\"deleteItems\",\"items\":[\(id)]}")
            case (1, let id?, _):
                let side = chance(50) ? "before" : "after"
                operations.append("{\"op\":\"moveItem\",\"item\":\(id),\"\(side)\":\(other ?? id)}")
            case (2, let id?, _):
                marks.reloaded.insert(pick?.1.id.string ?? "")
                operations.append("{\"op\":\"reloadItems\",\"items\":[\(id)]}")
            case (3, let id?, _):
                marks.reconfigured.insert(pick?.1.id.string ?? "")
                operations.append("{\"op\":\"reconfigureItems\",\"items\":[\(id)]}")
            case (4, _, let section?) where sectioned:
                marks.sections.insert(section)
                operations.append("{\"op\":\"reloadSections\",\"sections\":[\(Self.quoted(section))]}")
            case (5, let id?, _) where inOutline:
                let verb = pick?.1.content?.isExpanded == true ? "collapse" : "expand"
                operations.append("{\"op\":\"\(verb)\",\"items\":[\(id)]}")
            case (6, let id?, _) where inOutline:
                operations.append("{\"op\":\"appendItems\",\"parent\":\(id),\"items\":[\(newItem())]}")
            case (7, _, let section?) where sectioned && content.sections.count > 1:
                operations.append("{\"op\":\"deleteSections\",\"sections\":[\(Self.quoted(section))]}")
            case (8, _, _) where sectioned:
                fresh += 1
                operations.append(
                    "{\"op\":\"appendSections\",\"sections\":[{\"id\":\"t\(fresh)\",\"items\":[\(newItem())]}]}")
            default:
                let target = sectioned ? section.map { ",\"section\":\(Self.quoted($0))" } ?? "" : ""
                operations.append("{\"op\":\"appendItems\"\(target),\"items\":[\(newItem()),\(newItem())]}")
            }
        }
        return ("{\"operations\":[\(operations.joined(separator: ","))]}", marks)
    }

    private mutating func newItem() -> String {
        fresh += 1
        return chance(30) ? "{\"id\":\"n\(fresh)\",\"content\":\(below(3))}" : "\"n\(fresh)\""
    }

    static func quoted(_ id: String) -> String { "\"\(id)\"" }

    static func list(_ ids: Set<String>) -> String { "[" + ids.sorted().map(quoted).joined(separator: ",") + "]" }
}
