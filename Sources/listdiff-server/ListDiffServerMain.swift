import Foundation
import ListDiffHTTP
import ListDiffServer

/// `listdiff-server`: flags and environment → settings → the server they describe, served until
/// SIGTERM/SIGINT.
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
        do {
            try ServerAssembly(settings: settings).runUntilSignalled()
        } catch {
            FileHandle.standardError.write(Data("listdiff-server: \(error)\n".utf8))
            exit(1)
        }
    }
}
