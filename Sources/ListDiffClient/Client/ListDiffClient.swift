import Foundation
import ListDiff
import ListDiffWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client of one ListDiff server: diffs, sessions and their named snapshots, as typed async
/// calls. Every call throws ``ListDiffClientError``: the server's problem (with its details),
/// no answer, or an answer it cannot read.
///
///     let client = ListDiffClient(baseURL: URL(string: "http://localhost:8080")!)
///     let changeset = try await client.diff(old: before.document, new: after.document)
///     let feed = try await client.createSession().snapshot("feed")
///     let change = try await feed.put(list.document)
public struct ListDiffClient: Sendable {
    public let baseURL: URL
    let exchange: HTTPExchange

    /// - Parameters:
    ///   - apiKey: sent as `Authorization: Bearer <key>` when the server requires keys.
    ///   - session: the `URLSession` to use; long polls hold a request open for their wait.
    public init(baseURL: URL, apiKey: String? = nil, session: URLSession = .shared) {
        self.baseURL = baseURL
        exchange = HTTPExchange(baseURL: baseURL, apiKey: apiKey, session: session)
    }

    /// A client that authorizes with signed tokens (a server with `--token-keys`), as a phone
    /// or a browser does: `tokenProvider` gets one from the app's backend. The token is kept
    /// and sent with every request, and asked for again when the server answers 401
    /// `token-expired`, the request then sent once more.
    /// - Parameters:
    ///   - session: the `URLSession` to use; long polls hold a request open for their wait.
    public init(
        baseURL: URL, tokenProvider: @escaping @Sendable () async throws -> String, session: URLSession = .shared
    ) {
        self.baseURL = baseURL
        exchange = HTTPExchange(baseURL: baseURL, apiKey: nil, tokens: TokenSource(tokenProvider), session: session)
    }

    /// `POST /v1/diff`: the changeset that turns `old` into `new` (both flat or both sectioned).
    public func diff(
        old: WireSnapshotDocument, new: WireSnapshotDocument, format: ChangesetOptions.Format = .batch,
        updates: DiffOptions.ContentUpdateStyle = .reconfigure
    ) async throws(ListDiffClientError) -> WireChangeset {
        guard old.isFlat == new.isFlat else { throw .invalidInput("old and new must both be flat or both sectioned") }
        let body = WireEncoder.diffRequest(old: old, new: new)
        let options = ChangesetOptions(format: format, updates: updates)
        let answer = try await exchange.send("POST", "/v1/diff", query: options.queryItems, body: body)
        return try ResponseReader.changeset(answer, format: format)
    }

    /// `POST /v1/sessions`: a new session with a random name.
    public func createSession() async throws(ListDiffClientError) -> RemoteSession {
        let answer = try await exchange.send("POST", "/v1/sessions")
        return RemoteSession(name: try ResponseReader.sessionName(answer), exchange: exchange)
    }

    /// The session `name` (nothing is sent: a snapshot's first `put` creates it).
    public func session(_ name: String) -> RemoteSession {
        RemoteSession(name: name, exchange: exchange)
    }
}
