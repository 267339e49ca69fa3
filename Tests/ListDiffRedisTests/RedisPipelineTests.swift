import Foundation
import ListDiffRedis
import ListDiffTestSupport
import Synchronization
import Testing

/// The pool's pipelined connections, read by the Redis event loop, against real servers: many
/// calls in flight on one connection, each answered with its own replies; a call past its
/// deadline answered without the others; a server that stops answering fails every call in
/// flight, and the next call connects again.
@Suite struct RedisPipelineTests {
    typealias T = RedisConnectionTests

    /// Clients the server has connected now, `CLIENT LIST` asked over a connection of its own
    /// (which counts itself).
    static func clients(_ server: RedisServerProcess) throws -> Int {
        let connection = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 2)
        defer { connection.close() }
        let list = try connection.call(RESPCommand("CLIENT", "LIST")).string ?? ""
        return list.split(separator: "\n").count - 1
    }

    @Test func callsFromManyThreadsShareOneConnectionAndEachGetsItsOwnReplies() throws {
        try T.withServers { server throws in
            let pool = RedisConnectionPool(endpoint: server.endpoint, size: 1, replyTimeout: 5)
            let threads = 8
            let calls = 300
            let mismatches = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for call in 0..<calls {
                    let key = "k.\(thread).\(call)"
                    let replies = try? pool.send([RESPCommand("SET", key, "v\(call)"), RESPCommand("GET", key)])
                    if replies?.last?.string != "v\(call)" { mismatches.withLock { $0 += 1 } }
                }
            }
            #expect(mismatches.withLock { $0 } == 0, "\(server.binary)")
            #expect(try Self.clients(server) == 1, "one connection carried every call")
            #expect(pool.statistics.roundTrips == threads * calls)
        }
    }

    @Test func aCallPastItsDeadlineIsAnsweredAloneAndTheConnectionGoesOn() throws {
        try T.withServers { server throws in
            let pool = RedisConnectionPool(endpoint: server.endpoint, size: 1, replyTimeout: 5)
            #expect(try pool.call(RESPCommand("PING")) == .simpleString("PONG"))
            let blocked = Answer()
            let started = Date()
            pool.submit([RESPCommand("BLPOP", "never", "1")], deadline: Self.now + 0.2) { blocked.set($0) }
            let ping = Answer()
            pool.submit([RESPCommand("PING")]) { ping.set($0) }
            #expect(blocked.wait(seconds: 2) == .failure(.timedOut(5)))
            #expect(Date().timeIntervalSince(started) < 0.8, "answered at its own deadline")
            #expect(ping.wait(seconds: 4) == .success([.simpleString("PONG")]), "the call behind it is answered")
            #expect(try Self.clients(server) == 1, "on the same connection")
        }
    }

    @Test func aServerThatStopsAnsweringFailsEveryCallInFlightAndTheNextConnectsAgain() throws {
        try T.withServers { server throws in
            let pool = RedisConnectionPool(endpoint: server.endpoint, size: 1, replyTimeout: 0.3)
            #expect(try pool.call(RESPCommand("PING")) == .simpleString("PONG"))
            let answers = (0..<5).map { _ in Answer() }
            let started = Date()
            pool.submit([RESPCommand("BLPOP", "never", "2")]) { answers[0].set($0) }
            for answer in answers.dropFirst() { pool.submit([RESPCommand("PING")]) { answer.set($0) } }
            for answer in answers { #expect(answer.wait(seconds: 2) == .failure(.timedOut(0.3))) }
            #expect(Date().timeIntervalSince(started) < 1, "within the reply timeout, not the BLPOP's")
            #expect(try pool.call(RESPCommand("PING")) == .simpleString("PONG"))
        }
    }

    @Test func aConnectionTheServerClosesIsReplacedWithoutACallFailing() throws {
        try T.withServers { server throws in
            let pool = RedisConnectionPool(endpoint: server.endpoint, size: 1, replyTimeout: 2)
            #expect(try pool.call(RESPCommand("PING")) == .simpleString("PONG"))
            let killer = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 2)
            _ = try killer.call(RESPCommand("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"))
            // The loop reads the end of the stream as it comes: an idle connection is forgotten
            // before the next call needs it.
            usleep(100_000)
            #expect(try pool.call(RESPCommand("PING")) == .simpleString("PONG"))
        }
    }

    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// One call's result, waited for.
    final class Answer: @unchecked Sendable {
        // Sendable argument: `result` is only touched while holding `condition`.
        private let condition = NSCondition()
        private var result: Result<[RESPValue], RedisError>?

        func set(_ result: Result<[RESPValue], RedisError>) {
            condition.withLock {
                self.result = result
                condition.signal()
            }
        }

        func wait(seconds: Double) -> Result<[RESPValue], RedisError>? {
            let until = Date(timeIntervalSinceNow: seconds)
            return condition.withLock {
                while result == nil, condition.wait(until: until) {}
                return result
            }
        }
    }
}
