import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffHTTP

@Suite(.ownThreads) struct ServerIdleTimeoutTests {
    @Test func idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() throws {
        var configuration = TestServer.configuration()
        configuration.timeouts.idle = 0.3
        try TestServer.with(configuration) { server in
            let client = try RawClient(port: server.port)
            try client.send(get("/healthz"))
            #expect(try client.readResponse().status == 200)
            let started = ContinuousClock.now
            #expect(client.readsEOF())
            #expect(ContinuousClock.now - started < .seconds(2))
        }
    }
}
