import ListDiffHTTP
import ListDiffStore

extension ListDiffService {
    /// `GET …/events[?since=V]`: the snapshot as a `text/event-stream`. Without a version (no
    /// `since`, no `Last-Event-ID`) the first event is the snapshot; from a version, what
    /// changed since (or a reset); then one `changes` event per new version, each event's `id`
    /// the version it brings the client to, so a reconnect resumes where it stopped. Ends with
    /// `deleted` when the snapshot goes, `reconnect` when the server shuts down or its store
    /// fails. A missing snapshot or a bad version is an ordinary problem, not a stream.
    func events(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPHandlerResult {
        let format = try ChangesetFormat(query: request.http)
        let since = try eventsSince(request)
        let address = try request.snapshotAddress()
        let tokenEndsAt = request.caller.grants.map { $0.expires + configuration.tokens.leewaySeconds }
        // The first event is read before the stream opens, so a missing snapshot is a 404.
        if let since {
            return try afterStore {
                store.changes(at: address, since: since, options: format.options, $0)
            } respond: {
                [self] changes in
                let (first, version) = streamEvent(for: changes, at: address, format: format)
                return .stream(
                    openStream(at: address, format: format, first: first, version: version, tokenEndsAt: tokenEndsAt))
            }
        }
        return try afterStore {
            store.read(address, $0)
        } respond: { [self] stored in
            let version = stored.head.version
            let first = ServerSentEvent(
                kind: .snapshot, id: version.text, data: snapshotBodies.body(of: stored, at: address, form: .snapshot))
            return .stream(
                openStream(at: address, format: format, first: first, version: version, tokenEndsAt: tokenEndsAt))
        }
    }

    /// A stream that starts with `first` (when there is one) and then follows `address` from
    /// `version`, the version `first` brings the client to; it ends at `tokenEndsAt` (seconds
    /// since 1970) when opened with a token.
    private func openStream(
        at address: SnapshotAddress, format: ChangesetFormat, first: ServerSentEvent?, version: SnapshotVersion,
        tokenEndsAt: Double?
    ) -> HTTPResponseStream {
        let stream = HTTPResponseStream(
            head: Self.eventStreamHead,
            heartbeat: HTTPResponseStream.Heartbeat(
                interval: configuration.followers.heartbeatSeconds, bytes: ServerSentEvent.heartbeat),
            farewell: Self.farewell)
        stream.send(ServerSentEvent.retry(milliseconds: Self.streamRetryMilliseconds))
        if let first {
            stream.send(parts: first.parts)
            streamMetrics.sent(first.kind)
        }
        EventStreamFollower(
            service: self, stream: stream, address: address, format: format, version: version,
            tokenEndsAt: tokenEndsAt
        ).start()
        return stream
    }

    /// The version the client holds: `Last-Event-ID` (what a reconnecting `EventSource` sends,
    /// newer than the URL it reconnects to), else `since`, else none.
    private func eventsSince(_ request: ServiceRequest) throws(ServiceProblem) -> SnapshotVersion? {
        let allowed = "a version '<epoch>.<number>.<digest>' as an event's id or this API returned it"
        if let lastEventID = request.http.headers["Last-Event-ID"], !lastEventID.isEmpty {
            guard let version = SnapshotVersion(parsing: lastEventID) else {
                throw ServiceProblem.invalidHeader(
                    "Last-Event-ID", "'\(lastEventID)' is not \(allowed)")
            }
            return version
        }
        guard let sinceText = request.http.queryValue("since") else { return nil }
        guard let version = SnapshotVersion(parsing: sinceText) else {
            throw ServiceProblem.badQuery("since", sinceText, allowed: allowed)
        }
        return version
    }

    /// Milliseconds a client waits before reconnecting (`retry:`, sent once per stream).
    static let streamRetryMilliseconds = 1000

    static let eventStreamHead: HTTPResponse = {
        var head = HTTPResponse(status: 200)
        head.headers.append(name: "Content-Type", value: "text/event-stream; charset=utf-8")
        head.headers.append(name: "Cache-Control", value: "no-store")
        // nginx passes the stream through as it comes instead of buffering it.
        head.headers.append(name: "X-Accel-Buffering", value: "no")
        return head
    }()

    /// The last event of every stream when the server shuts down.
    static let farewell = ServerSentEvent(
        kind: .reconnect, id: nil,
        data: ServiceProblem(
            503, "shutting-down", title: "Server shutting down",
            detail: "this instance is stopping: reconnect (with Last-Event-ID) to carry on where this stream stopped"
        ).jsonBytes
    ).bytes
}
