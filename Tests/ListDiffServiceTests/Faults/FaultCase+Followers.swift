import ListDiffTestSupport
import ListDiffWire

extension FaultCase {
    /// Follower `which` asks for the changes since the version it holds, in a random answer
    /// form; a long poll (`wait=1`) is sent before a write to its snapshot and read after it.
    /// A changeset must start at the follower's version and bring its copy to the content of
    /// its `to`; a reset gives the whole content; a 404 only when the snapshot may be lost.
    func ask(_ which: Int, longPoll: Bool) throws {
        let index = followers[which].snapshot
        let form = answerForm()
        let target =
            path(index) + "/changes?since=\(followers[which].version)" + (form.query.isEmpty ? "" : "&" + form.query)
            + (longPoll ? "&wait=1" : "")
        // A 404 answers for the snapshot as it was when the question came.
        let couldBeMissing = !snapshots[index].surelyExists
        let response: RawClient.Response
        if longPoll {
            let poller = try service.client()
            log.append("GET \(target) (held)")
            try poller.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
            try write(index, document: below(2) == 0)
            response = try poller.readResponse()
            try check(response, "GET \(target)")
            log.append("→ \(response.status) \(response.bodyText.prefix(600))")
        } else {
            response = try send("GET", target)
        }
        switch response.status {
        case 200:
            try take(response, which: which, form: form, longPoll: longPoll)
        case 404 where couldBeMissing, 503:
            return
        default:
            throw FaultFailure(description: "GET \(target): \(response.status) for a snapshot that exists")
        }
    }

    private func take(_ response: RawClient.Response, which: Int, form: AnswerForm, longPoll: Bool) throws {
        let index = followers[which].snapshot
        let document = try WireDecoder.changes(response.body, sequential: form.sequential)
        switch document.body {
        case .reset(let reset):
            let content = reset.snapshot
            guard document.digest == SnapshotDigest.digest(of: content) else {
                throw FaultFailure(description: "a reset's digest is not its content's")
            }
            try snapshots[index].learn(document.to, content)
            followers[which] = Follower(snapshot: index, version: document.to, content: content)
            coverage.note([feature(of: index), .reset], store: store.name, fault: struck)
        case .changes(let from, let changeset, let fresh):
            guard from == followers[which].version, let old = followers[which].content else {
                throw FaultFailure(
                    description: "a changeset from \(from) to a follower holding \(followers[which].version)")
            }
            var new = snapshots[index].contents[document.to]
            if new == nil, let current = try read(index), current.version == document.to { new = current.content }
            guard let new else {
                // The content of `to` is gone before the test could read it: start over.
                unverified += 1
                followers[which] = Follower(snapshot: index)
                return
            }
            try verify(
                changeset, fresh: fresh, digest: document.digest, from: old, to: new,
                marks: snapshots[index].marks(from: from, to: document.to) ?? ExpectedMarks(), index: index,
                form: form, longPoll: longPoll)
            followers[which] = Follower(snapshot: index, version: document.to, content: new)
        }
    }
}
