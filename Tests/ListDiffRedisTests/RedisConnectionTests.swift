import Foundation
import ListDiffRedis
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// The connection and the pool against real servers (each binary found: Redis, Valkey).
@Suite(.ownThreads) struct RedisConnectionTests {
    static let binaries = RedisServerProcess.binaries

    static func withServers(arguments: [String] = [], _ body: (RedisServerProcess) throws -> Void) throws {
        guard !binaries.isEmpty else {
            print(RedisServerProcess.missingReason)
            return
        }
        for binary in binaries {
            print("against \(binary)")
            try body(try RedisServerProcess(binary: binary, arguments: arguments))
        }
    }

    @Test func commandsRoundTripBinarySafeAndPipelined() throws {
        try Self.withServers { server in
            let connection = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 2)
            let value: [UInt8] = Array("a\r\n$3\r\nb".utf8) + [0, 255]
            #expect(
                try connection.call(RESPCommand([Array("SET".utf8), Array("k".utf8), value])) == .simpleString("OK"))
            #expect(try connection.call(RESPCommand("GET", "k")).bytes == value)
            #expect(try connection.call(RESPCommand("GET", "missing")) == .bulkString(nil))
            let replies = try connection.send((0..<1_000).map { _ in RESPCommand("INCR", "n") })
            #expect(replies.count == 1_000 && replies.last == .integer(1_000), "\(server.binary)")
        }
    }

    @Test func aRefusalIsAnErrorReplyAndTheConnectionStaysUsable() throws {
        try Self.withServers { server in
            let connection = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 2)
            _ = try connection.call(RESPCommand("SET", "k", "v"))
            #expect(throws: RedisError.self) { try connection.call(RESPCommand("LPUSH", "k", "x")) }
            guard case .error(let message) = try connection.send([RESPCommand("LPUSH", "k", "x")])[0] else {
                Issue.record("a WRONGTYPE refusal is an error reply")
                return
            }
            #expect(message.hasPrefix("WRONGTYPE"))
            let pong = try connection.call(RESPCommand("PING"))
            #expect(connection.isOpen && pong == .simpleString("PONG"))
        }
    }

    @Test func aSlowReplyTimesOutAndClosesTheConnection() throws {
        try Self.withServers { server in
            let connection = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 0.2)
            let started = Date()
            #expect(throws: RedisError.timedOut(0.2)) { try connection.call(RESPCommand("BLPOP", "never", "2")) }
            #expect(Date().timeIntervalSince(started) < 1.5)
            #expect(!connection.isOpen, "a reply may still come: the connection cannot be reused")
        }
    }

    @Test func passwordsAreSentAndWrongOnesRefused() throws {
        try Self.withServers(arguments: ["--requirepass", "s3cret"]) { server in
            var endpoint = server.endpoint
            let anonymous = try RedisConnection(endpoint: endpoint, connectTimeout: 1, replyTimeout: 2)
            #expect(throws: RedisError.self) { try anonymous.call(RESPCommand("GET", "k")) }
            endpoint.password = "wrong"
            #expect(throws: RedisError.self) {
                try RedisConnection(endpoint: endpoint, connectTimeout: 1, replyTimeout: 2)
            }
            endpoint.password = "s3cret"
            endpoint.database = 3
            let connection = try RedisConnection(endpoint: endpoint, connectTimeout: 1, replyTimeout: 2)
            #expect(try connection.call(RESPCommand("PING")) == .simpleString("PONG"))
        }
    }

    @Test func aSubscriberReceivesWhatAnotherConnectionPublishes() throws {
        try Self.withServers { server in
            let subscriber = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 2)
            let publisher = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 2)
            _ = try subscriber.call(RESPCommand("SUBSCRIBE", "versions"))
            #expect(try subscriber.receive(timeout: 0.1) == nil)
            #expect(try publisher.call(RESPCommand("PUBLISH", "versions", "s.feed 7")) == .integer(1))
            #expect(
                try subscriber.receive(timeout: 2)
                    == .array([
                        .bulkString(Array("message".utf8)), .bulkString(Array("versions".utf8)),
                        .bulkString(Array("s.feed 7".utf8))
                    ]))
        }
    }

    @Test func thePoolBacksOffWhileTheServerIsDownAndRecovers() throws {
        try Self.withServers { server in
            let pool = RedisConnectionPool(endpoint: server.endpoint, size: 4, connectTimeout: 0.5, replyTimeout: 1)
            #expect(try pool.call(RESPCommand("SET", "k", "1")) == .simpleString("OK"))
            server.stop()
            #expect(throws: RedisError.self, "the idle connection finds the server gone") {
                try pool.call(RESPCommand("GET", "k"))
            }
            #expect(throws: RedisError.self, "connecting fails") { try pool.call(RESPCommand("GET", "k")) }
            let started = Date()
            #expect(throws: RedisError.self) { try pool.call(RESPCommand("GET", "k")) }
            #expect(Date().timeIntervalSince(started) < 0.05, "while backing off, a call fails at once")
            let restarted = try RedisServerProcess(binary: server.binary, port: server.port)
            let deadline = Date(timeIntervalSinceNow: 5)
            var answer: RESPValue?
            while answer == nil, Date() < deadline {
                answer = try? pool.call(RESPCommand("PING"))
                usleep(50_000)
            }
            #expect(answer == .simpleString("PONG"), "the pool reconnects by itself")
            withExtendedLifetime(restarted) {}
        }
    }
}
