import ListDiffTestSupport
import ListDiffWire

extension FaultCase {
    /// Writes a whole document (`document`) or an operation list to snapshot `index`, in a
    /// random answer form. An acknowledged write's changeset must turn what the snapshot held at
    /// its `from` into what it holds at its `to`, marks shown; a write the store refused may or
    /// may not have happened, so nothing after it is assured until the next acknowledged one.
    func write(_ index: Int, document: Bool) throws {
        var content: WireSnapshot?
        if !document {
            content = snapshots[index].acknowledged.flatMap { snapshots[index].contents[$0] }
            if content == nil { content = try read(index)?.content }
        }
        let form = answerForm()
        let suffix = form.query.isEmpty ? "" : "?" + form.query
        let (method, target, body, marks, written) = try request(index, on: content, suffix: suffix)
        let response = try send(method, target, body: body)
        switch response.status {
        case 200, 201:
            try acknowledged(response, index: index, form: form, written: written, marks: marks)
        case 404 where method == "POST" && !snapshots[index].surelyExists, 422 where method == "POST":
            return
        case 503, 507:
            snapshots[index].forgetAssurances(mayBeLost: false)
        default:
            throw FaultFailure(description: "\(method) \(target): \(response.status) \(response.bodyText)")
        }
        try withStreamDraws { try streamFollows(write: index) }
    }

    /// The write's method, target, body and marks, and for a PUT the content it writes.
    private func request(_ index: Int, on content: WireSnapshot?, suffix: String) throws -> (
        String, String, String, ExpectedMarks, WireSnapshot?
    ) {
        if let content {
            let (json, marks) = writes.operations(on: content, form: snapshots[index].form)
            return ("POST", path(index) + "/operations" + suffix, json, marks, nil)
        }
        let (json, marks) = writes.document(for: &snapshots[index])
        return ("PUT", path(index) + suffix, json, marks, try WireDecoder.snapshot(Array(json.utf8)).snapshot)
    }

    private func acknowledged(
        _ response: RawClient.Response, index: Int, form: AnswerForm, written: WireSnapshot?, marks: ExpectedMarks
    ) throws {
        let document = try WireDecoder.changes(response.body, sequential: form.sequential)
        guard case .changes(let from, let changeset, let fresh) = document.body else {
            throw FaultFailure(description: "a write answered with a reset")
        }
        if let written {
            try snapshots[index].learn(document.to, written)
            guard document.digest == SnapshotDigest.digest(of: written) else {
                throw FaultFailure(description: "a PUT's digest is not its content's")
            }
        }
        let before = snapshots[index].contents[from] ?? emptyContent(at: from, index: index)
        snapshots[index].acknowledge(from: from, to: document.to, marks: marks)
        var after = snapshots[index].contents[document.to]
        if after == nil, let current = try read(index), current.version == document.to { after = current.content }
        guard let before, let after else {
            unverified += 1
            return
        }
        try verify(
            changeset, fresh: fresh, digest: document.digest, from: before, to: after,
            marks: from == document.to ? ExpectedMarks() : marks.held(by: after), index: index, form: form,
            channel: .answer)
    }

    /// What a snapshot holds before its first write (`<epoch>.0`): nothing, in its form.
    private func emptyContent(at version: String, index: Int) -> WireSnapshot? {
        guard version.split(separator: ".").count == 2, version.hasSuffix(".0") else { return nil }
        let json = snapshots[index].form == .flat ? "[]" : "{\"sections\":[]}"
        return try? WireDecoder.snapshot(Array(json.utf8)).snapshot
    }

    /// Checks a changeset from `old` to `new` and notes what it exercised.
    func verify(
        _ changeset: WireChangeset, fresh: WireFreshElements?, digest: String, from old: WireSnapshot,
        to new: WireSnapshot, marks: ExpectedMarks, index: Int, form: AnswerForm, channel: Channel
    ) throws {
        guard digest == SnapshotDigest.digest(of: new) else {
            throw FaultFailure(description: "the answer's digest \(digest) is not its `to` content's")
        }
        let seen = try ChangesetCheck.check(changeset, fresh: fresh, from: old, to: new, marks: marks)
        var features = [feature(of: index), form.sequential ? .sequential : .batch]
        if form.values { features.append(.values) }
        if seen.stages > 1 { features.append(.multiStage) }
        if seen.marksChecked { features.append(.marks) }
        if channel == .longPoll { features.append(.longPoll) }
        coverage.note(features, store: store.name, fault: struck, streamed: channel == .stream)
    }

    func feature(of index: Int) -> FaultCoverage.Feature {
        switch snapshots[index].form {
        case .flat: .flat
        case .sectioned: .sectioned
        case .outline: .outline
        }
    }
}
