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
            guard
                let parsed = try ServerOptions.parse(
                    arguments: Array(CommandLine.arguments.dropFirst()),
                    environment: ProcessInfo.processInfo.environment
                )
            else {
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
            ServerLog(level: settings.http.logLevel).log(
                .warning, "no OpenAPI document at \(settings.openAPIPath): /openapi.yaml answers 404 (see --openapi)")
        }
        let transport = TransportProbe()
        let router = ServerRoutes.makeRouter(
            service: service, transport: transport, openAPIDocument: openAPIDocument, playground: settings.playground,
            benchmarkRoutes: settings.benchmarkRoutes)
        let server = HTTPServer(
            configuration: settings.http, responder: ServerRoutes.responder(router, corsOrigins: settings.corsOrigins))
        transport.attach(server)
        do {
            try server.runUntilSignalled { port in
                ServerLog(level: settings.http.logLevel).log(.info, startLine(settings, port: port))
            }
        } catch {
            FileHandle.standardError.write(Data("listdiff-server: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Where to go next, as URLs to paste: the playground (when served), the API and its document.
    static func startLine(_ settings: ServerSettings, port: Int) -> String {
        let host = ["0.0.0.0", "::", ""].contains(settings.http.host) ? "127.0.0.1" : settings.http.host
        let base = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        let playground = settings.playground ? "the playground at \(base)/playground, " : ""
        return "\(playground)the API at \(base)/v1 (described by \(base)/openapi.yaml)"
    }

    /// Logs ``RedisStartupCheck``'s warnings (a server that does not answer, a policy that may
    /// evict), without holding up the start: a store down at start is not a reason not to serve.
    static func checkInBackground(_ endpoints: [RedisEndpoint], log: ServerLog) {
        DispatchQueue.global().async {
            for warning in RedisStartupCheck.warnings(endpoints: endpoints) { log.log(.warning, warning) }
        }
    }

    /// The memory store, or a Redis store with a connection (per server) for every worker and a
    /// few more (the subscriber has its own). Endpoints are logged without their password. A
    /// round trip may take the whole `--store-timeout`; each call's deadline cuts it shorter.
    static func storeFactory(_ settings: ServerSettings) -> StoreFactory {
        let size = settings.http.workerCount + 4
        let log = ServerLog(level: settings.http.logLevel)
        let makeClient: @Sendable (_ observeRoundTrip: @escaping @Sendable (Double) -> Void) -> any RedisClient
        switch settings.store {
        case .memory:
            return .memory
        case .redis(let endpoint):
            log.log(.info, "snapshots in \(endpoint)")
            checkInBackground([endpoint], log: log)
            makeClient = {
                RedisConnectionPool(
                    endpoint: endpoint, size: size, connectTimeout: 1, replyTimeout: settings.service.store.callTimeout,
                    observeRoundTrip: $0)
            }
        case .redisCluster(let seeds):
            log.log(.info, "snapshots in the cluster of \(seeds.map(\.description).joined(separator: ", "))")
            checkInBackground(seeds, log: log)
            makeClient = {
                RedisClusterClient(
                    seeds: seeds, poolSize: size, connectTimeout: 1, replyTimeout: settings.service.store.callTimeout,
                    observeRoundTrip: $0)
            }
        }
        return StoreFactory(blocks: true) { limits, observers in
            RedisSnapshotStore(
                client: makeClient(observers.roundTrip), limits: limits,
                replication: RedisReplication(minReplicas: settings.storeMinReplicas), differ: observers.differ,
                background: observers.background, log: { log.log(.warning, $0) })
        }
    }
}
