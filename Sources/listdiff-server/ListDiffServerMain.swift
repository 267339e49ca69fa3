import Foundation
import ListDiffHTTP
import ListDiffRedis
import ListDiffService

/// `listdiff-server`: flags and environment → configuration → serve until SIGTERM/SIGINT.
@main
enum ListDiffServerMain {
    static func main() {
        let settings: ServerSettings
        do {
            guard let parsed = try ServerOptions.parse(
                arguments: Array(CommandLine.arguments.dropFirst()),
                environment: ProcessInfo.processInfo.environment
            ) else {
                print(ServerOptions.usage, terminator: "")
                return
            }
            settings = parsed
        } catch {
            FileHandle.standardError.write(Data("listdiff-server: \(error)\n".utf8))
            exit(2)
        }
        AllocatorTuning.retainFreedMemory()
        let service = ListDiffService(configuration: settings.service, store: storeFactory(settings))
        let openAPIDocument = FileManager.default.contents(atPath: settings.openAPIPath).map { [UInt8]($0) }
        if openAPIDocument == nil {
            ServerLog(level: settings.http.logLevel).log(.warning, "no OpenAPI document at \(settings.openAPIPath): /openapi.yaml answers 404 (see --openapi)")
        }
        let transport = TransportProbe()
        let router = ServerRoutes.makeRouter(service: service, transport: transport, openAPIDocument: openAPIDocument)
        let server = HTTPServer(configuration: settings.http, responder: router)
        transport.attach(server)
        do {
            try server.runUntilSignalled()
        } catch {
            FileHandle.standardError.write(Data("listdiff-server: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The memory store, or a Redis store with a connection for every worker and a few more
    /// (the subscriber has its own). The endpoint is logged without its password.
    static func storeFactory(_ settings: ServerSettings) -> StoreFactory {
        guard case .redis(let endpoint) = settings.store else { return .memory }
        ServerLog(level: settings.http.logLevel).log(.info, "snapshots in \(endpoint)")
        let size = settings.http.workerCount + 4
        return StoreFactory(blocks: true) { limits, observers in
            let pool = RedisConnectionPool(endpoint: endpoint, size: size, connectTimeout: 1, replyTimeout: 2, observeRoundTrip: observers.roundTrip)
            return RedisSnapshotStore(pool: pool, limits: limits, observeDiff: observers.diff)
        }
    }
}
