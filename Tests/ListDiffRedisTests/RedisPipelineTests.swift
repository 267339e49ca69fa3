import Foundation
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Synchronization
import Testing

@testable import ListDiffRedis

/// The pool's pipeline (``RedisPipeline``) on a real server: many calls share its connections
/// at once and each gets its own replies; a stopped server fails calls at their deadline, and
/// the next call after a lost connection connects again.
@Suite(.ownThreads) struct RedisPipelineTests {
    typealias Replies = Result<[RESPValue], RedisError>

    /// Sends `commands` through `pool`'s pipeline and waits for the answer.
    static func send(_ commands: [RESPCommand], through pool: RedisConnectionPool) -> Replies? {
        let answered = DispatchSemaphore(value: 0)
        let answer = Mutex<Replies?>(nil)
        pool.send(commands, routedBy: "") { result in
            answer.withLock { $0 = result }
            answered.signal()
        }
        guard answered.wait(timeout: .now() + 10) == .success else { return nil }
        return answer.withLock { $0 }
    }

    @Test func manyCallsAtOnceEachGetTheirOwnReplies() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let pool = RedisConnectionPool(endpoint: server.endpoint, size: 2)
        let wrong = Mutex<[String]>([])
        let answered = DispatchGroup()
        for index in 0..<400 {
            answered.enter()
            let value = String(repeating: "v\(index)", count: index % 7 == 0 ? 5_000 : 1)
            let commands =
                [RESPCommand("SET", "k\(index)", value), RESPCommand("GET", "k\(index)")]
                + (index % 5 == 0 ? [RESPCommand("INCR", "k\(index)")] : [])
            DispatchQueue.global().async {
                pool.send(commands, routedBy: "") { result in
                    defer { answered.leave() }
                    guard case .success(let replies) = result, replies.count == commands.count,
                        replies[1].string == value
                    else { return wrong.withLock { $0.append("call \(index): \(result)") } }
                    // A refusal is the command's reply; the connection carries on.
                    if index % 5 == 0, case .error = replies[2] {
                    } else if index % 5 == 0 {
                        wrong.withLock { $0.append("call \(index): INCR of a text answered \(replies[2])") }
                    }
                }
            }
        }
        #expect(answered.wait(timeout: .now() + 20) == .success, "every call answered")
        #expect(wrong.withLock { $0 }.isEmpty, "\(wrong.withLock { $0 }.prefix(3))")
        #expect(pool.statistics.roundTrips == 400)
    }

    @Test func aStoppedServerFailsCallsAtTheirDeadline() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let pool = RedisConnectionPool(endpoint: server.endpoint, size: 2, replyTimeout: 5)
        #expect(try Self.send([RESPCommand("PING")], through: pool)?.get().first?.string == "PONG")
        server.suspend()
        let started = ContinuousClock.now
        let late = StoreCallDeadline.run(by: .now + .seconds(0.3)) {
            Self.send([RESPCommand("PING")], through: pool)
        }
        let waited = started.duration(to: .now)
        server.resume()
        guard case .failure(.timedOut)? = late else {
            Issue.record("expected a timeout, got \(String(describing: late))")
            return
        }
        #expect(waited < .seconds(0.4), "failed at the call's deadline: \(waited)")
        #expect(try Self.send([RESPCommand("PING")], through: pool)?.get().first?.string == "PONG", "connects again")
    }

    @Test func aConnectionTheServerClosesFailsItsCallsAndTheNextConnectsAgain() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let pool = RedisConnectionPool(endpoint: server.endpoint, size: 2)
        for _ in 0..<RedisConnectionPool.pipelinedConnections {
            #expect(try Self.send([RESPCommand("PING")], through: pool)?.get().first?.string == "PONG")
        }
        let admin = try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 2)
        _ = try admin.call(RESPCommand("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"))
        var answers: [Replies?] = []
        for _ in 0..<(2 * RedisConnectionPool.pipelinedConnections) {
            answers.append(Self.send([RESPCommand("PING")], through: pool))
        }
        for answer in answers {
            switch answer {
            case .success(let replies)?: #expect(replies.first?.string == "PONG")
            case .failure(.closed)?, .failure(.io)?: break
            default: Issue.record("a killed connection's call: \(String(describing: answer))")
            }
        }
        #expect(
            try Self.send([RESPCommand("PING")], through: pool)?.get().first?.string == "PONG",
            "every connection open again")
    }
}
