import Foundation
import ListDiffWire

/// The marks writes made, by identifier: what a changeset over their versions must show.
struct ExpectedMarks: Sendable {
    var reloaded: Set<String> = []
    var reconfigured: Set<String> = []
    var sections: Set<String> = []

    var isEmpty: Bool { reloaded.isEmpty && reconfigured.isEmpty && sections.isEmpty }

    mutating func formUnion(_ other: ExpectedMarks) {
        reloaded.formUnion(other.reloaded)
        reconfigured.formUnion(other.reconfigured)
        sections.formUnion(other.sections)
    }

    /// The marks on what `content` holds: a version keeps no mark on an item or section it
    /// does not hold (an operation list may mark an item and then delete it).
    func held(by content: WireSnapshot) -> ExpectedMarks {
        let items = Set(content.sections.flatMap { $0.items.map(\.id.string) })
        let sectionIDs = Set(content.sections.map(\.id.string))
        return ExpectedMarks(
            reloaded: reloaded.intersection(items), reconfigured: reconfigured.intersection(items),
            sections: sections.intersection(sectionIDs))
    }

    /// The marks of a snapshot as the API takes it (`reloaded`, `reconfigured`,
    /// `reloadedSections` beside its items or sections).
    init(document json: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return }
        reloaded = Set(object["reloaded"] as? [String] ?? [])
        reconfigured = Set(object["reconfigured"] as? [String] ?? [])
        sections = Set(object["reloadedSections"] as? [String] ?? [])
    }

    init(reloaded: Set<String> = [], reconfigured: Set<String> = [], sections: Set<String> = []) {
        self.reloaded = reloaded
        self.reconfigured = reconfigured
        self.sections = sections
    }
}
