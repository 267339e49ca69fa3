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
            let poller = try follower.client()
            log.append("GET \(target) (held)")
            try poller.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
            try write(index, document: below(2) == 0)
            response = try poller.readResponse()
            try check(response, "GET \(target)")
            log.append("→ \(response.status) \(response.bodyText.prefix(600))")
        } else {
            response = try send("GET", target, to: follower)
        }
        switch response.status {
        case 200:
            let document = try WireDecoder.changes(response.body, sequential: form.sequential)
            let index = followers[which].snapshot
            followers[which] =
                try take(document, by: followers[which], form: form, channel: longPoll ? .longPoll : .answer)
                ?? Follower(snapshot: index)
        case 404 where couldBeMissing, 503:
            return
        default:
            throw FaultFailure(description: "GET \(target): \(response.status) for a snapshot that exists")
        }
    }

    /// Takes a changes document (a `changes` answer, a stream's `changes` or `reset` event) to
    /// `follower`: a changeset must start at its version and bring its copy to the content of
    /// `to`; a reset gives the whole content. Answers the follower after it, or nil when the
    /// content of `to` was gone before the test could read it (the follower starts over).
    func take(_ document: WireChangesDocument, by follower: Follower, form: AnswerForm, channel: Channel) throws
        -> Follower?
    {
        let index = follower.snapshot
        switch document.body {
        case .reset(let reset):
            let content = reset.snapshot
            guard document.digest == SnapshotDigest.digest(of: content) else {
                throw FaultFailure(description: "a reset's digest is not its content's")
            }
            try snapshots[index].learn(document.to, content)
            coverage.note([feature(of: index), .reset], store: store.name, fault: struck, streamed: channel == .stream)
            return Follower(snapshot: index, version: document.to, content: content)
        case .changes(let from, let changeset, let fresh):
            guard from == follower.version, let old = follower.content else {
                throw FaultFailure(
                    description: "a changeset from \(from) to a follower holding \(follower.version)"
                        + (channel == .stream ? " (an event duplicated or skipped)" : ""))
            }
            var new = snapshots[index].contents[document.to]
            if new == nil, let current = try read(index), current.version == document.to { new = current.content }
            guard let new else {
                unverified += 1
                return nil
            }
            try verify(
                changeset, fresh: fresh, digest: document.digest, from: old, to: new,
                marks: snapshots[index].marks(from: from, to: document.to) ?? ExpectedMarks(), index: index,
                form: form, channel: channel)
            return Follower(snapshot: index, version: document.to, content: new)
        }
    }
}
