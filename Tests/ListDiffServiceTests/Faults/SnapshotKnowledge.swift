import ListDiffTestSupport
import ListDiffWire

/// What the fault test knows of one snapshot: the content of each version it saw (a version
/// names its content, so one version seen with two contents is a failure), the chain of
/// versions its own acknowledged writes made with their marks, and what it may assume after
/// the faults so far.
struct SnapshotKnowledge {
    enum Form: String, CaseIterable {
        case flat, sectioned, outline
    }

    let name: String
    let form: Form
    private(set) var contents: [String: WireSnapshot] = [:]
    /// Versions made one after another by writes the test saw acknowledged (each write's `from`
    /// the one before), with the marks each carried; cut at every fault.
    private(set) var chain: [(version: String, marks: ExpectedMarks)] = []
    /// The version of the last acknowledged write while no fault or unsettled write came after
    /// it: what a read must find.
    var acknowledged: String?
    /// Whether the snapshot was ever acknowledged and no fault since could have lost it: only
    /// then is a 404 wrong.
    var surelyExists = false
    /// What the next PUT's generator edits.
    var lastWritten: [StagedSnapshotGenerator.Section] = []

    init(name: String, form: Form) {
        self.name = name
        self.form = form
    }

    /// Notes `content` at `version`; throws when the version named other content before.
    mutating func learn(_ version: String, _ content: WireSnapshot) throws(FaultFailure) {
        if let known = contents[version], known != content {
            throw FaultFailure(
                description: "\(name): version \(version) named \(known) and now \(content)")
        }
        contents[version] = content
    }

    /// A write acknowledged from `from` to `to` with `marks`.
    mutating func acknowledge(from: String, to: String, marks: ExpectedMarks) {
        acknowledged = to
        surelyExists = true
        guard from != to else { return }
        if chain.last?.version != from { chain = [(from, ExpectedMarks())] }
        chain.append((to, marks))
    }

    /// A fault or a write whose fate is unknown: nothing acknowledged before is assured.
    mutating func forgetAssurances(mayBeLost: Bool) {
        acknowledged = nil
        chain = []
        if mayBeLost { surelyExists = false }
    }

    /// The marks of the versions after `from` up to `to`, each on what its version holds, when
    /// the chain holds that range and the test knows each version's content.
    func marks(from: String, to: String) -> ExpectedMarks? {
        guard let start = chain.lastIndex(where: { $0.version == from }),
            let end = chain.lastIndex(where: { $0.version == to }), start < end
        else { return nil }
        var marks = ExpectedMarks()
        for entry in chain[(start + 1)...end] {
            guard let content = contents[entry.version] else { return nil }
            marks.formUnion(entry.marks.held(by: content))
        }
        return marks
    }
}
