import Foundation
import ListDiffHTTP
import ListDiffServer
import ListDiffService
import ListDiffStore
import ListDiffTestSupport
import ListDiffWire

/// A real server wired as `listdiff-server` is (``ServerAssembly``), on an ephemeral port, with
/// short timeouts and no log.
struct TestService {
    let server: HTTPServer
    let service: ListDiffService
    /// Every route the server answers (``ServerAssembly/router``).
    let router: Router

    /// The repository's OpenAPI document, wherever the tests run from.
    static let openAPIPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("openapi.yaml").path

    static func with<T>(
        _ configuration: ServiceConfiguration = ServiceConfiguration(),
        limits: HTTPLimits = HTTPLimits(maxBodyBytes: 4 << 20),
        store: StoreFactory = .memory,
        corsOrigins: [String] = [],
        _ body: (TestService) throws -> T
    ) throws -> T {
        var settings = ServerSettings()
        settings.http = HTTPServerConfiguration(
            host: "127.0.0.1", port: 0, eventLoopCount: 2, workerCount: 2, limits: limits,
            timeouts: HTTPTimeouts(headerRead: 2, bodyRead: 2, idle: 10, write: 5, linger: 0.5, shutdownGrace: 2),
            logLevel: .off
        )
        settings.service = configuration
        settings.corsOrigins = corsOrigins
        settings.openAPIPath = openAPIPath
        let assembly = ServerAssembly(settings: settings, store: store)
        let server = assembly.server
        try server.start()
        defer {
            server.shutdown(gracePeriod: 1)
            server.waitUntilStopped()
        }
        return try body(TestService(server: server, service: assembly.service, router: assembly.router))
    }

    func client() throws -> RawClient {
        try RawClient(port: server.port, receiveTimeout: 10)
    }

    /// One request on a new connection.
    func request(_ method: String, _ target: String, body: String? = nil, headers: [(String, String)] = []) throws
        -> RawClient.Response
    {
        try client().request(method, target, body: body, headers: headers)
    }

    /// The token this service issues as version `number` of `json` (a snapshot as the API takes
    /// it): `<epoch>.<number>.<digest>`, the digest the content's, the same everywhere.
    func version(_ number: Int, of json: String) -> String {
        let digest = (try? WireDecoder.snapshot(Array(json.utf8)).snapshot).map { SnapshotDigest.digest(of: $0) }
        return SnapshotVersion(epoch: service.epoch, number: number, snapshotDigest: digest).text
    }

    /// A client whose long poll on `path` (a snapshot) is under way; read its answer later.
    func longPoll(_ path: String, since version: String, wait: Int) throws -> RawClient {
        let poller = try client()
        try poller.send("GET \(path)/changes?since=\(version)&wait=\(wait) HTTP/1.1\r\nHost: t\r\n\r\n")
        return poller
    }

    /// A new session's name.
    func newSession(headers: [(String, String)] = []) throws -> String {
        let response = try request("POST", "/v1/sessions", headers: headers)
        return try response.json()["session"] as? String ?? ""
    }
}

extension RawClient.Response {
    /// The body as a JSON object.
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw RawClient.ClientError.malformed(bodyText)
        }
        return object
    }

    /// The body's member `name` re-encoded as compact JSON with sorted keys, for comparing.
    func member(_ name: String) throws -> String {
        guard let value = try json()[name] else { return "missing" }
        let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
}
