import Foundation
import ListDiffJSON
import ListDiffTestSupport
import ListDiffWire

extension FaultCase {
    /// Runs `body` (a stream's step, not nested in another) drawing from ``streamRandom``.
    func withStreamDraws<T>(_ body: () throws -> T) rethrows -> T {
        swap(&random, &streamRandom)
        defer { swap(&random, &streamRandom) }
        return try body()
    }

    /// Starts the case's stream follower on snapshot 0 once it is written; it is reopened by
    /// choice at each fault's injection (``reopenStream()``) and after every close.
    func startStream() throws {
        stream = StreamFollower(follower: Follower(snapshot: 0), form: answerForm(), formTurn: below(3))
        try reopenStream()
    }

    /// Closes the stream and opens it again in the next answer form (sequential, batch, batch
    /// with values in turn, so that each case's stream meets each) from a random start: no
    /// version (its first event then the snapshot), the version it holds, an older one the
    /// test knows the content of, or none it could hold (a reset).
    func reopenStream() throws {
        guard var stream else { return }
        let index = stream.snapshot
        stream.client = nil
        stream.form = answerForm(kind: stream.formTurn % 3)
        stream.formTurn += 1
        let known = snapshots[index].contents.keys.sorted()
        var versionless = false
        switch below(4) {
        case 0:
            versionless = true
        case 1 where stream.follower.content != nil:
            break
        case 2 where !known.isEmpty:
            let version = known[below(known.count)]
            stream.follower = Follower(snapshot: index, version: version, content: snapshots[index].contents[version])
        default:
            stream.follower = Follower(snapshot: index)
        }
        self.stream = stream
        try openStream(versionless: versionless)
    }

    /// Reads the stream's events after a write to `index`, if it follows that snapshot: up
    /// to the acknowledged version, or while a fault lasts those that come at once.
    func streamFollows(write index: Int) throws {
        guard let stream, stream.snapshot == index else { return }
        let target = faultActive ? nil : snapshots[index].acknowledged
        if try !followStream(to: target, within: 1), let target {
            log.append("the stream did not reach \(target) within 1 s")
        }
    }

    /// Once the faults are lifted, the stream must reach the snapshot's current version with
    /// its content (no event lost), unless the snapshot is gone.
    func settleStream() throws {
        guard let stream else { return }
        let index = stream.snapshot
        var current: (version: String, content: WireSnapshot)?
        for _ in 0..<3 {
            current = try read(index)
            guard let current else { return }
            if try followStream(to: current.version, within: 3) {
                guard self.stream?.follower.content == current.content else {
                    throw FaultFailure(description: "the stream follower holds other content at \(current.version)")
                }
                return
            }
        }
        throw FaultFailure(
            description:
                "the stream follower never reached \(current?.version ?? "?") (it holds \(self.stream?.follower.version ?? "?")): an event lost"
        )
    }

    /// Reads the stream's events, each checked as it comes (``takeEvent(_:)``), until its
    /// follower holds `target` within `seconds`, or with no target until none comes within a
    /// short wait. A closed stream is reopened from the version it holds: as often as the time
    /// allows with a target, else once, and not while a fault lasts (a client backs off by
    /// `retry:`). Answers whether it reached `target`.
    @discardableResult
    func followStream(to target: String?, within seconds: Double) throws -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var opened = false
        while let stream {
            if let target, stream.follower.version == target, !stream.expectsSnapshot { return true }
            guard let client = stream.client else {
                guard deadline.timeIntervalSinceNow > 0, target != nil || !(opened || faultActive) else { return false }
                if opened { usleep(50_000) }
                try openStream(versionless: false)
                opened = true
                continue
            }
            let wait = target == nil ? 0.02 : deadline.timeIntervalSinceNow
            guard wait > 0 else { return false }
            let event: EventStreamClient.Event?
            do {
                event = try client.next(within: wait)
            } catch RawClient.ClientError.closed {
                log.append("the stream closed")
                self.stream?.client = nil
                continue
            }
            guard let event else {
                if target == nil { return false }
                continue
            }
            try takeEvent(event)
        }
        return false
    }

    /// Opens the stream's connection from the version its follower holds (by `since` or
    /// `Last-Event-ID`, at random), or `versionless`: then its first event is the snapshot. A
    /// refusal must be one a fault explains; the stream stays closed then.
    private func openStream(versionless: Bool) throws {
        guard var stream else { return }
        let index = stream.snapshot
        var query = stream.form.query
        var headers: [(String, String)] = []
        if !versionless {
            let version = stream.follower.version
            if below(2) == 0 {
                headers = [("Last-Event-ID", version)]
            } else {
                query = "since=\(version)" + (query.isEmpty ? "" : "&" + query)
            }
        }
        let target = path(index) + "/events" + (query.isEmpty ? "" : "?" + query)
        log.append("GET \(target) \(headers.map { "\($0.0): \($0.1)" }.joined()) (stream)")
        stream.opens += 1
        let couldBeMissing = !snapshots[index].surelyExists
        let acknowledged = snapshots[index].acknowledged
        let client = try EventStreamClient(port: follower.server.port, target: target, headers: headers)
        stream.client = nil
        if client.head.status == 200 {
            guard client.head.header("Content-Type")?.hasPrefix("text/event-stream") == true else {
                throw FaultFailure(description: "GET \(target): a 200 that is not an event stream")
            }
            log.append("→ 200 (stream)")
            stream.client = client
            stream.expectsSnapshot = versionless
            stream.acknowledgedAtOpen = acknowledged
        } else {
            let response = try client.client.readBody(of: client.head)
            try check(response, "GET \(target)")
            log.append("→ \(response.status) \(response.bodyText.prefix(600))")
            guard response.status == 503 || (response.status == 404 && couldBeMissing) else {
                throw FaultFailure(description: "GET \(target): \(response.status) for a snapshot that exists")
            }
        }
        self.stream = stream
    }

    /// Checks one event as the poll followers' answers are checked: `snapshot` (only first,
    /// only without a version) the whole content; `changes` from the version the follower
    /// holds to its `id`'s content, `reset` the whole content at its `id`; `deleted` only
    /// when the snapshot may be lost; `reconnect` only from a store that can fail. The last
    /// two end the stream, which is reopened from the version it holds.
    private func takeEvent(_ event: EventStreamClient.Event) throws {
        guard var stream else { return }
        let index = stream.snapshot
        log.append("event: \(event.event) id: \(event.id ?? "none") \(event.data.prefix(600))")
        let data = Array(event.data.utf8)
        guard stream.expectsSnapshot == (event.event == "snapshot") else {
            throw FaultFailure(
                description:
                    "a \(event.event) event on a stream \(stream.expectsSnapshot ? "" : "not ")opened without a version"
            )
        }
        switch event.event {
        case "snapshot":
            let read = try WireDecoder.versionedSnapshot(data)
            let content = read.document.snapshot
            guard event.id == read.version, read.digest == SnapshotDigest.digest(of: content) else {
                throw FaultFailure(description: "a snapshot event whose id or digest is not its content's")
            }
            try snapshots[index].learn(read.version, content)
            if let acknowledged = stream.acknowledgedAtOpen, acknowledged != read.version {
                throw FaultFailure(
                    description: "a snapshot event at \(read.version), but \(acknowledged) was acknowledged")
            }
            stream.follower = Follower(snapshot: index, version: read.version, content: content)
            stream.expectsSnapshot = false
        case "changes", "reset":
            let document = try WireDecoder.changes(data, sequential: stream.form.sequential)
            var isReset = false
            if case .reset = document.body { isReset = true }
            guard event.id == document.to, isReset == (event.event == "reset") else {
                throw FaultFailure(description: "a \(event.event) event whose id or body is not its document's")
            }
            if let next = try take(document, by: stream.follower, form: stream.form, channel: .stream) {
                stream.follower = next
            } else {
                // The content of its `to` was gone before the test read it: start over.
                stream.follower = Follower(snapshot: index)
                stream.client = nil
            }
        case "deleted":
            try checkProblem(data, status: 404, "a deleted event")
            guard stream.mayBeLost || !snapshots[index].surelyExists else {
                throw FaultFailure(description: "a deleted event for a snapshot that exists")
            }
            stream.client = nil
        case "reconnect":
            try checkProblem(data, status: 503, "a reconnect event")
            guard store.redis != nil else { throw FaultFailure(description: "a reconnect event from the memory store") }
            stream.client = nil
        default:
            throw FaultFailure(description: "an event of an unknown type \(event.event)")
        }
        // An event made before a loss may come after it: only one that reaches a version
        // acknowledged since shows the stream past it.
        if stream.client != nil, stream.follower.version == snapshots[index].acknowledged { stream.mayBeLost = false }
        self.stream = stream
    }
}
