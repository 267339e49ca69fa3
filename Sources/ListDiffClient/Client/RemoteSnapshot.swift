import ListDiff
import ListDiffWire

/// A named, versioned snapshot on the server: write it whole or by operations, read it, and
/// follow its changes (or let a ``SnapshotMirror`` do that).
public struct RemoteSnapshot: Sendable {
    public let session: RemoteSession
    public let name: String

    func path() throws(ListDiffClientError) -> String {
        try session.path() + "/snapshots/\(try ResourceName.segment(name, what: "snapshot"))"
    }
    var exchange: HTTPExchange { session.exchange }

    /// `PUT`: stores `document` as the next version (creating the session and the snapshot if
    /// needed) and answers the changeset from the previous version. With `ifMatch`, the write
    /// happens only if that is still the current version (else a 412 problem whose
    /// `currentVersion` says which is), and a write the server could not finish is retried
    /// (see ``writeRetryPauses``). `includeValues` asks for the fresh elements.
    @discardableResult
    public func put(
        _ document: WireSnapshotDocument, ifMatch: SnapshotVersion? = nil,
        options: ChangesetOptions = ChangesetOptions(),
        includeValues: Bool = false
    ) async throws(ListDiffClientError) -> SnapshotChange {
        let body = WireEncoder.snapshot(document.snapshot, flat: document.isFlat)
        let answer = try await write(
            "PUT", try path(), query: query(options, includeValues: includeValues), body: body, ifMatch: ifMatch
        )
        return try ResponseReader.change(answer, format: options.format)
    }

    /// `GET`: the current version, its digest and the snapshot.
    public func get() async throws(ListDiffClientError) -> VersionedSnapshot {
        try ResponseReader.versionedSnapshot(try await exchange.send("GET", try path()))
    }

    /// `GET` with `If-None-Match`: nil when `version` is still the current one (304), else the
    /// current version as `get()` answers it.
    public func get(ifNoneMatch version: SnapshotVersion) async throws(ListDiffClientError) -> VersionedSnapshot? {
        let answer = try await exchange.send("GET", try path(), headers: [("If-None-Match", version.entityTag)])
        return answer.status == 304 ? nil : try ResponseReader.versionedSnapshot(answer)
    }

    /// `GET …/changes?since=V&wait=N`: the changeset from `since` to the current version, or a
    /// reset with the whole snapshot when `since` cannot be diffed from. With a `wait`, a
    /// `since` that is current waits up to that long (capped by the server) for the next
    /// write, then answers an empty changeset from `since` to itself.
    public func changes(
        since: SnapshotVersion, wait: Duration = .zero, options: ChangesetOptions = ChangesetOptions(),
        includeValues: Bool = false
    ) async throws(ListDiffClientError) -> SnapshotChanges {
        var query = query(options, includeValues: includeValues)
        query.insert(("since", since.text), at: 0)
        let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
        if seconds > 0 { query.append(("wait", String(seconds))) }
        let answer = try await exchange.send("GET", try path() + "/changes", query: query, timeout: seconds + 30)
        return try ResponseReader.changes(answer, format: options.format)
    }

    /// `GET …/events?since=V`: the snapshot's event stream from `since` (from its current
    /// version, sent first as a `snapshot` event, when nil), for a ``SnapshotMirror``.
    func events(
        since: SnapshotVersion?, options: ChangesetOptions, includeValues: Bool, idleTimeout: Duration
    ) async throws(ListDiffClientError) -> EventStreamTransfer.Opening {
        var query = query(options, includeValues: includeValues)
        if let since { query.insert(("since", since.text), at: 0) }
        let seconds = Double(idleTimeout.components.seconds) + Double(idleTimeout.components.attoseconds) / 1e18
        return try await exchange.events(try path() + "/events", query: query, timeout: seconds)
    }

    /// `POST …/operations`: applies the operations in order, all or nothing (a 422 problem
    /// names the failing one by `operationIndex`), and answers like `put` (retried like it,
    /// with `ifMatch` only).
    @discardableResult
    public func apply(
        operations: [WireOperation], ifMatch: SnapshotVersion? = nil, options: ChangesetOptions = ChangesetOptions(),
        includeValues: Bool = false
    ) async throws(ListDiffClientError) -> SnapshotChange {
        let body = WireEncoder.operations(operations)
        let answer = try await write(
            "POST", try path() + "/operations", query: query(options, includeValues: includeValues), body: body,
            ifMatch: ifMatch)
        return try ResponseReader.change(answer, format: options.format)
    }

    /// `DELETE`: the snapshot goes; its long polls are answered 404.
    public func delete() async throws(ListDiffClientError) {
        _ = try await exchange.send("DELETE", try path())
    }

    /// A mirror that keeps a local copy of this snapshot up to date.
    public func mirror(configuration: SnapshotMirror.Configuration = SnapshotMirror.Configuration()) -> SnapshotMirror {
        SnapshotMirror(following: self, configuration: configuration)
    }

    /// The pauses before each retry of a write with `If-Match` that the server could not finish
    /// (a 503 `store-unavailable`, whose `Retry-After` is 1 s, or no answer). Only such writes are
    /// retried: `If-Match` makes a repeat of a write that did commit a 412, never a second
    /// version. A 412 after a retry therefore means the first attempt (or another writer)
    /// committed; its problem's `currentVersion` says which version is current.
    public static let writeRetryPauses: [Duration] = [.seconds(1), .seconds(1)]

    private func write(
        _ method: String, _ path: String, query: [(String, String)], body: [UInt8],
        ifMatch: SnapshotVersion?
    ) async throws(ListDiffClientError) -> HTTPExchange.Answer {
        let headers = ifMatch.map { [("If-Match", $0.entityTag)] } ?? []
        var pauses = ifMatch == nil ? [] : Self.writeRetryPauses[...]
        while true {
            do {
                return try await exchange.send(method, path, query: query, body: body, headers: headers)
            } catch  where error.isTransient && !pauses.isEmpty {
                try? await Task.sleep(for: pauses.removeFirst())
            }
        }
    }

    private func query(_ options: ChangesetOptions, includeValues: Bool) -> [(String, String)] {
        options.queryItems + (includeValues ? [("include", "values")] : [])
    }
}
