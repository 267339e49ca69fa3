import Foundation
import ListDiffHTTP
import ListDiffServer
import ListDiffService

/// A real server wired as `listdiff-server` is (``ServerAssembly``), on an ephemeral port (or a
/// given one, to stand in for a restarted server at the same address), with no log, for the
/// client to talk to over real sockets.
final class ClientTestServer: Sendable {
    let server: HTTPServer
    let service: ListDiffService
    /// The routes of a server made `withoutEvents`, which can gain the events route.
    let routesWithoutEvents: RoutesWithoutEvents?

    /// The repository's OpenAPI document, wherever the tests run from.
    static let openAPIPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("openapi.yaml").path

    convenience init(
        _ configuration: ServiceConfiguration = ServiceConfiguration(), port: Int = 0, store: StoreFactory = .memory
    ) throws {
        try self.init(service: ListDiffService(configuration: configuration, store: store), port: port)
    }

    /// A server for `service`, which may have served before (a restart that keeps the store);
    /// `withoutEvents` answers as a server from before event streams (``RoutesWithoutEvents``).
    init(service: ListDiffService, port: Int = 0, withoutEvents: Bool = false) throws {
        self.service = service
        var settings = ServerSettings()
        settings.http = HTTPServerConfiguration(
            host: "127.0.0.1", port: port, eventLoopCount: 2, workerCount: 2, limits: HTTPLimits(maxBodyBytes: 4 << 20),
            timeouts: HTTPTimeouts(headerRead: 5, bodyRead: 5, idle: 30, write: 5, linger: 0.5, shutdownGrace: 1),
            logLevel: .off
        )
        settings.service = service.configuration
        settings.openAPIPath = Self.openAPIPath
        var hidingEvents: RoutesWithoutEvents?
        server =
            ServerAssembly(settings: settings, service: service) { routes in
                guard withoutEvents else { return routes }
                let hiding = RoutesWithoutEvents(routes: routes)
                hidingEvents = hiding
                return hiding
            }.server
        routesWithoutEvents = hidingEvents
        try server.start()
    }

    var port: Int { server.port }
    var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

    func stop() {
        server.shutdown(gracePeriod: 0.5)
        server.waitUntilStopped()
    }

    /// Runs `body` with a started server, stopped afterwards whatever happens.
    static func with<T>(
        _ configuration: ServiceConfiguration = ServiceConfiguration(),
        _ body: (ClientTestServer) async throws -> T
    ) async throws -> T {
        let server = try ClientTestServer(configuration)
        defer { server.stop() }
        return try await body(server)
    }
}
