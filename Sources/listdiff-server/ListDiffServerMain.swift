import Foundation
import ListDiffHTTP
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
        let service = ListDiffService(configuration: settings.service)
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
}
