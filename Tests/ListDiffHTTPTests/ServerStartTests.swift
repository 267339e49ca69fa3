import ListDiffTestRun
import Testing

@testable import ListDiffHTTP

/// Why a server could not start is said in words a newcomer recognises.
@Suite(.ownThreads) struct ServerStartTests {
    @Test func aBusyPortSaysAddressAlreadyInUse() throws {
        try TestServer.with { server in
            var configuration = TestServer.configuration()
            configuration.port = server.port
            let second = HTTPServer(configuration: configuration, responder: TestServer.router())
            do {
                try second.start()
                Issue.record("a second server started on port \(server.port)")
                second.shutdown(gracePeriod: 0)
                second.waitUntilStopped()
            } catch {
                #expect("\(error)".lowercased().contains("address already in use"), "\(error)")
            }
        }
    }
}
