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
        let server = HTTPServer(configuration: settings.http, responder: ServerRoutes.makeRouter(service: service))
        do {
            try server.runUntilSignalled()
        } catch {
            FileHandle.standardError.write(Data("listdiff-server: \(error)\n".utf8))
            exit(1)
        }
    }
}
