import Foundation
import ListDiffHTTP
import ListDiffService

/// `listdiff-server` put together from its settings: the service, every route of the server
/// (``ServerRoutes``) behind CORS when origins are allowed, and the HTTP server answering with
/// them, its probe attached for `/readyz` and `/metrics`. The executable runs one until it is
/// signalled; the tests start one on an ephemeral port, so the server they talk to is wired as
/// the real one is.
public final class ServerAssembly: Sendable {
    /// The service behind `/v1`, `/readyz` and `/metrics`.
    public let service: ListDiffService
    /// Every route the server answers (CORS, when allowed, wraps them).
    public let router: Router
    /// The transport, made but not started: ``runUntilSignalled()`` starts it, a test `start()`.
    public let server: HTTPServer
    let settings: ServerSettings

    /// A server as `settings` describe it, its snapshots in `store` when given (a test's store
    /// that injects faults) instead of the one the settings name.
    public convenience init(settings: ServerSettings, store: StoreFactory? = nil) {
        let factory = store ?? settings.storeFactory()
        self.init(settings: settings, service: ListDiffService(configuration: settings.service, store: factory))
    }

    /// A server for `service`, which may have served before (a restart that keeps its store),
    /// otherwise as `settings` describe it. `answering` is given what answers the server's
    /// requests and returns what answers in its place: a test's server that answers a route as
    /// an older server would.
    public init(
        settings: ServerSettings, service: ListDiffService,
        answering: (_ routes: any HTTPResponder) -> any HTTPResponder = { $0 }
    ) {
        self.settings = settings
        self.service = service
        let openAPIDocument = FileManager.default.contents(atPath: settings.openAPIPath).map { [UInt8]($0) }
        if openAPIDocument == nil {
            ServerLog(level: settings.http.logLevel).log(
                .warning, "no OpenAPI document at \(settings.openAPIPath): /openapi.yaml answers 404 (see --openapi)")
        }
        let transport = TransportProbe()
        router = ServerRoutes.makeRouter(
            service: service, transport: transport, openAPIDocument: openAPIDocument, playground: settings.playground,
            benchmarkRoutes: settings.benchmarkRoutes)
        server = HTTPServer(
            configuration: settings.http,
            responder: answering(ServerRoutes.responder(router, corsOrigins: settings.corsOrigins)))
        transport.attach(server)
    }

    /// Serves until SIGTERM or SIGINT, first logging where the playground, the API and its
    /// document are.
    public func runUntilSignalled() throws(HTTPServerError) {
        try server.runUntilSignalled { [settings] port in
            ServerLog(level: settings.http.logLevel).log(.info, Self.startLine(settings, port: port))
        }
    }

    /// Where to go next, as URLs to paste: the playground (when served), the API and its document.
    static func startLine(_ settings: ServerSettings, port: Int) -> String {
        let host = ["0.0.0.0", "::", ""].contains(settings.http.host) ? "127.0.0.1" : settings.http.host
        let base = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        let playground = settings.playground ? "the playground at \(base)/playground, " : ""
        return "\(playground)the API at \(base)/v1 (described by \(base)/openapi.yaml)"
    }
}
