import Foundation
import ListDiffHTTP

/// `listdiff-server`: flags and environment → configuration → serve until SIGTERM/SIGINT.
@main
enum ListDiffServerMain {
    static func main() {
        let configuration: HTTPServerConfiguration
        do {
            guard let parsed = try ServerOptions.parse(
                arguments: Array(CommandLine.arguments.dropFirst()),
                environment: ProcessInfo.processInfo.environment
            ) else {
                print(ServerOptions.usage, terminator: "")
                return
            }
            configuration = parsed
        } catch {
            FileHandle.standardError.write(Data("listdiff-server: \(error)\n".utf8))
            exit(2)
        }
        AllocatorTuning.retainFreedMemory()
        let server = HTTPServer(configuration: configuration, responder: ServerRoutes.makeRouter())
        do {
            try server.runUntilSignalled()
        } catch {
            FileHandle.standardError.write(Data("listdiff-server: \(error)\n".utf8))
            exit(1)
        }
    }
}
