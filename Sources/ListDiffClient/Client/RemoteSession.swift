/// A session on the server: a namespace of named snapshots.
public struct RemoteSession: Sendable {
    public let name: String
    let exchange: HTTPExchange

    func path() throws(ListDiffClientError) -> String {
        "/v1/sessions/\(try ResourceName.segment(name, what: "session"))"
    }

    /// The snapshot `name` of this session (nothing is sent).
    public func snapshot(_ name: String) -> RemoteSnapshot {
        RemoteSnapshot(session: self, name: name)
    }

    /// `GET /v1/sessions/{session}`: its snapshots, with their versions, digests and sizes.
    public func snapshots() async throws(ListDiffClientError) -> [SnapshotSummary] {
        try ResponseReader.listing(try await exchange.send("GET", try path()))
    }

    /// `DELETE /v1/sessions/{session}`: the session and its snapshots go; long polls on them
    /// are answered 404.
    public func delete() async throws(ListDiffClientError) {
        _ = try await exchange.send("DELETE", try path())
    }
}
