import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffRedis

/// What the server logs at start about its Redis store (``RedisStartupCheck``), against real
/// `redis-server` processes: nothing for a server that answers with `noeviction`; a warning
/// for one that does not answer (naming its address, never its password), for a policy that
/// may evict keys, and for one whose policy cannot be read (`CONFIG` renamed away).
@Suite(.ownThreads) struct RedisStartupCheckTests {
    @Test func noevictionIsNoWarning() throws {
        guard let server = try RedisServerProcess.startFirst(arguments: ["--maxmemory-policy", "noeviction"]) else {
            return
        }
        #expect(RedisStartupCheck.warnings(endpoints: [server.endpoint]).isEmpty)
    }

    @Test func aPolicyThatMayEvictIsAWarning() throws {
        guard let server = try RedisServerProcess.startFirst(arguments: ["--maxmemory-policy", "volatile-lru"]) else {
            return
        }
        let warnings = RedisStartupCheck.warnings(endpoints: [server.endpoint])
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("maxmemory-policy volatile-lru") == true, "\(warnings)")
        #expect(warnings.first?.contains("127.0.0.1:\(server.port)") == true, "\(warnings)")
    }

    @Test func aPolicyThatCannotBeReadIsAWarning() throws {
        guard let server = try RedisServerProcess.startFirst(arguments: ["--rename-command", "CONFIG", ""]) else {
            return
        }
        let warnings = RedisStartupCheck.warnings(endpoints: [server.endpoint])
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("could not check the maxmemory-policy") == true, "\(warnings)")
    }

    @Test func aServerThatDoesNotAnswerIsAWarningNamingItsAddressNotItsPassword() throws {
        let port = try RedisServerProcess.freePort()
        var endpoint = RedisEndpoint(host: "127.0.0.1", port: port)
        endpoint.password = "sekrit-password"
        let warnings = RedisStartupCheck.warnings(endpoints: [endpoint], connectTimeout: 0.5)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("127.0.0.1:\(port) does not answer") == true, "\(warnings)")
        #expect(warnings.allSatisfy { !$0.contains("sekrit") })
    }
}
