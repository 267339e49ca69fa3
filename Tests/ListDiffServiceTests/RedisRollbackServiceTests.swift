import Foundation
import ListDiffRedis
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// A Redis that lost its last writes (restarted from an older RDB, as a restored backup or a
/// replica promoted before it had them would be) issues their numbers again with other
/// content: a follower holding the lost content gets a reset, its `If-Match` a 412 — never a
/// changeset from a list it does not hold (issue 32, finding 1).
@Suite(.ownThreads) struct RedisRollbackServiceTests {
    static let path = "/v1/sessions/s/snapshots/feed"

    @Test func aFollowerOfContentARollbackLostGetsAReset() throws {
        try RedisErrorReplyServiceTests.eachServer { binary in
            let server = try RedisServerProcess.withOwnDirectory(binary: binary)
            try TestService.with(store: RedisStoreServiceTests.redis(server.endpoint)) { service in
                #expect(try service.request("PUT", Self.path, body: #"["a"]"#).status == 201)
                _ = try RedisErrorReplyServiceTests.admin(server).call(RESPCommand("SAVE"))
                let lost = try #require(
                    try service.request("PUT", Self.path, body: #"["a", "b"]"#).json()["to"] as? String)
                try server.killAndRestart()
                let replaced = try Self.writeOnceServed(service, #"["x"]"#)
                let reissued = try #require(try replaced.json()["to"] as? String)
                #expect(reissued.hasPrefix(lost.prefix(while: { $0 != "." }) + ".2.") && reissued != lost)
                // The follower holding [a, b] at the lost version long-polls: not held, a reset.
                let poll = try service.request("GET", Self.path + "/changes?since=\(lost)&wait=5")
                let reset = try poll.json()["reset"] as? Bool
                #expect(poll.status == 200 && reset == true, "\(poll.bodyText)")
                #expect(try poll.member("snapshot") == #"["x"]"#)
                let stale = try service.request(
                    "PUT", Self.path, body: #"["a", "b", "c"]"#, headers: [("If-Match", "\"\(lost)\"")])
                #expect(stale.status == 412, "\(stale.bodyText)")
                #expect(try service.request("GET", Self.path).member("snapshot") == #"["x"]"#)
            }
        }
    }

    /// A PUT, retried while the service's pooled connections to the killed server are found
    /// dead (each refused once, 503).
    static func writeOnceServed(_ service: TestService, _ body: String) throws -> RawClient.Response {
        let deadline = Date(timeIntervalSinceNow: 5)
        var response = try service.request("PUT", path, body: body)
        while response.status == 503, Date() < deadline {
            usleep(50_000)
            response = try service.request("PUT", path, body: body)
        }
        return response
    }
}
