import ListDiff
import ListDiffWire

extension SnapshotMirror {
    /// How one event stream ended.
    enum StreamEnd {
        /// The connection closed or dropped, or the server said to reconnect; `progressed` when
        /// some event moved the copy.
        case closed(progressed: Bool)
        /// The server has no event stream for the mirror (the answer says why).
        case unsupported(ListDiffClientError)
    }

    /// Opens the stream from the copy's version (from nothing: its first event is the
    /// snapshot) and applies its events until it ends. A missing snapshot (404 `not-found`, or
    /// a `deleted` event) and other problems are thrown, as a long poll's are.
    func followStream() async throws(ListDiffClientError) -> StreamEnd {
        let opening: EventStreamTransfer.Opening
        do {
            opening = try await remote.events(
                since: copy?.version, options: ChangesetOptions(updates: configuration.updates), includeValues: true,
                idleTimeout: configuration.streamIdleTimeout)
        } catch .server(let problem) where Self.meansNoStreamRoute(problem) {
            return .unsupported(.server(problem))
        }
        let events: AsyncThrowingStream<ServerSentEvent, any Error>
        switch opening {
        case .events(let stream): events = stream
        case .answer(let status, let contentType, _):
            return .unsupported(
                .invalidResponse(
                    status: status, reason: "the events route answered '\(contentType)', not an event stream"))
        }
        statistics.streamsOpened += 1
        var progressed = false
        do {
            for try await event in events {
                guard !Task.isCancelled, try await apply(event) else { break }
                progressed = progressed || event.type != "reconnect"
            }
        } catch let error as ListDiffClientError {
            throw error
        } catch {
            // The connection failed (reset, idle timeout): reconnect from the copy's version.
        }
        return .closed(progressed: progressed)
    }

    /// A 404 from the router (no such route: an older server), not the service's `not-found`
    /// of a missing snapshot or session; or a method or feature the server does not have.
    static func meansNoStreamRoute(_ problem: ServerProblem) -> Bool {
        switch problem.status {
        case 404: problem.name != "not-found"
        case 405, 501: true
        default: false
        }
    }

    /// Applies one event to the copy and yields the update; false when the stream ends here
    /// (the server's `reconnect`).
    private func apply(_ event: ServerSentEvent) async throws(ListDiffClientError) -> Bool {
        let answer = HTTPExchange.Answer(status: 200, body: Array(event.data.utf8))
        let update: MirrorUpdate?
        switch event.type {
        case "snapshot":
            update = try adopt(
                try ResponseReader.versionedSnapshot(answer), reason: copy == nil ? .initial : .serverReset,
                previous: copy?.snapshot ?? WireSnapshot())
        case "changes", "reset":
            update = try await apply(try ResponseReader.changes(answer, format: .batch))
        case "deleted":
            throw .server(ProblemReader.problem(status: 404, body: answer.body))
        case "reconnect":
            return false
        default:
            return true
        }
        if let update {
            statistics.eventsApplied += 1
            continuation.yield(update)
        }
        return true
    }

    private func apply(_ changes: SnapshotChanges) async throws(ListDiffClientError) -> MirrorUpdate? {
        guard let base = copy else {
            return try adopt(try await remote.get(), reason: .initial, previous: WireSnapshot())
        }
        return try await take(changes, at: base)
    }
}
