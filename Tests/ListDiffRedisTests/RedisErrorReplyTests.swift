import Foundation
import ListDiff
import ListDiffStore
import ListDiffTestRun
import ListDiffWire
import Testing

@testable import ListDiffRedis

/// An error reply is an error, never "nothing there": every store call over a server that
/// answers every command with one error reply (or with a reply of a type the command never
/// returns) refuses as unavailable — or, for `OOM`, as full — and says so without the reply's
/// own text (a script's SHA, its Lua line).
@Suite(.ownThreads) struct RedisErrorReplyTests {
    static let limits = RedisSnapshotStoreTests.limits
    static let feed = RedisSnapshotStoreTests.feed
    static let since = SnapshotVersion(epoch: "0123456789abcdef", number: 1, snapshotDigest: "xxh64:0123456789abcdef")

    /// The replies Redis and Valkey give while they cannot serve, or refuse writes, as sent
    /// from inside a script (the SHA and the line are what must not reach a client).
    static let refusals = [
        "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.",
        "LOADING Redis is loading the dataset in memory",
        "CLUSTERDOWN The cluster is down",
        "MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'.",
        "READONLY You can't write against a read only replica. script: 2b4c8a7e1d3f5a6b7c8d9e0f1a2b3c4d5e6f7a8b, on @user_script:23.",
        "TRYAGAIN Multiple keys request during rehashing of slot",
        "MISCONF Redis is configured to save RDB snapshots, but it's currently unable to persist to disk.",
        "NOREPLICAS Not enough good replicas to write.",
        "ERR Error running script (call to f_2b4c8a7e1d3f5a6b7c8d9e0f1a2b3c4d5e6f7a8b): @user_script:12: boom",
        "WRONGTYPE Operation against a key holding the wrong kind of value"
    ]

    /// Every call of the store, each on a fresh store over `reply`.
    static func calls(_ reply: RESPValue) -> [(String, () throws(StoreError) -> Void)] {
        let store = { RedisSnapshotStore(client: OneReplyClient(reply), limits: limits) }
        let snapshot = WireSnapshot.empty(flat: true)
        let ifMatch = WritePrecondition(currentIsOneOf: .listed([since]))
        let append = try! WireDecoder.operations(
            Array(#"{"operations": [{"op": "appendItems", "items": ["x"]}]}"#.utf8))
        return [
            ("read", { () throws(StoreError) in _ = try store().read(feed) }),
            ("listSnapshots", { () throws(StoreError) in _ = try store().listSnapshots(owner: 0, session: "s") }),
            (
                "changes",
                { () throws(StoreError) in _ = try store().changes(at: feed, since: since, options: DiffOptions()) }
            ),
            (
                "waitForChange",
                { () throws(StoreError) in
                    _ = try store().waitForChange(at: feed, since: since, options: DiffOptions()) { _ in }
                }
            ),
            (
                "write",
                { () throws(StoreError) in
                    _ = try store().write(
                        snapshot, isFlat: true, at: feed, conditions: .unconditional, options: DiffOptions())
                }
            ),
            (
                "write with If-Match",
                { () throws(StoreError) in
                    _ = try store().write(snapshot, isFlat: true, at: feed, conditions: ifMatch, options: DiffOptions())
                }
            ),
            (
                "apply",
                { () throws(StoreError) in
                    _ = try store().apply(append, at: feed, conditions: .unconditional, options: DiffOptions())
                }
            ),
            ("deleteSnapshot", { () throws(StoreError) in try store().deleteSnapshot(feed) }),
            ("deleteSession", { () throws(StoreError) in try store().deleteSession(owner: 0, session: "s") }),
            ("createSession", { () throws(StoreError) in _ = try store().createSession(owner: 0, name: "s") })
        ]
    }

    static func refusal(of call: () throws(StoreError) -> Void) -> StoreError? {
        do {
            try call()
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: refusals)
    func anErrorReplyIsUnavailableNeverNotFound(_ message: String) {
        for (name, call) in Self.calls(.error(message)) {
            guard case .unavailable(let reason, let outcomeUnknown)? = Self.refusal(of: call) else {
                Issue.record("\(name) over \(message.prefix(12))…: \(String(describing: Self.refusal(of: call)))")
                continue
            }
            #expect(!outcomeUnknown, "\(name): the server refused before running anything")
            let code = String(message.prefix { $0 != " " })
            #expect(reason.contains(code), "\(name): the reason names the reply's code: \(reason)")
            #expect(
                !reason.contains("script") && !reason.contains("2b4c8a7e") && !reason.contains("@user_script"),
                "\(name): no script, SHA or Lua line: \(reason)")
        }
    }

    @Test func outOfMemoryIsAFullStoreForEveryWrite() {
        let message =
            "OOM command not allowed when used memory > 'maxmemory'. script: 2b4c8a7e1d3f, on @user_script:23."
        for (name, call) in Self.calls(.error(message)) where ["write", "apply", "createSession"].contains(name) {
            #expect(Self.refusal(of: call) == .storeFull(.outOfMemory), "\(name)")
        }
    }

    /// A reply of a type the command never returns (a proxy's, a protocol mix-up) is not read
    /// as an empty one.
    @Test(arguments: [RESPValue.integer(7), .simpleString("QUEUED"), .array([]), .array(nil)])
    func anUnexpectedReplyIsUnavailableNeverNotFound(_ reply: RESPValue) {
        for (name, call) in Self.calls(reply) {
            guard case .unavailable? = Self.refusal(of: call) else {
                Issue.record("\(name) over \(reply): \(String(describing: Self.refusal(of: call)))")
                continue
            }
        }
    }

    /// Only nil replies are "nothing there": no session (its epoch), or no snapshot (its
    /// fields all nil).
    @Test func nilRepliesAreNothingThere() {
        let nilFields = RESPValue.array(Array(repeating: .bulkString(nil), count: 5))
        for (epoch, expected) in [
            (RESPValue.bulkString(nil), StoreError.sessionNotFound("s")),
            (.bulkString(Array("0123456789abcdef".utf8)), .notFound(Self.feed, neverWritten: false))
        ] {
            let client = OneReplyClient(transactions: true) {
                $0.name == "HMGET" ? nilFields : $0.name == "HGET" ? epoch : .integer(0)
            }
            let store = RedisSnapshotStore(client: client, limits: Self.limits)
            #expect(Self.refusal { () throws(StoreError) in _ = try store.read(Self.feed) } == expected)
        }
    }

    /// The replies are sorted by what they say of the server: serving nothing now (a readiness
    /// probe fails), refusing writes only, out of memory, or refusing this one command.
    @Test func refusalsAreSortedByTheirCode() {
        let kinds = Self.refusals.map { RedisRefusal($0).kind }
        #expect(
            kinds == [
                .notServing, .notServing, .notServing, .notServing, .writesRefused, .refused, .writesRefused,
                .writesRefused, .refused, .refused
            ])
        #expect(RedisRefusal("OOM command not allowed").kind == .outOfMemory)
        #expect(RedisRefusal("the cluster redirected one call 8 times").code == "")
        #expect(RedisRefusal("NOPERM this user has no permissions").reason.contains("NOPERM"))
    }

    /// Seconds in a reason are rounded to a tenth, up: never 0.0999693839999054.
    @Test func secondsInReasonsAreRounded() {
        #expect(RedisError.backingOff(0.0999693839999054).description == "not connected; retrying within 0.1 s")
        #expect(RedisError.timedOut(2).description == "no reply within 2 s")
        #expect(RedisError.backingOff(1.23).description == "not connected; retrying within 1.3 s")
    }
}

/// A server that answers every command with `reply`, or with what `answer` makes of it; with
/// `transactions`, commands between `MULTI` and `EXEC` are queued and answered in `EXEC`'s reply.
final class OneReplyClient: RedisClient, @unchecked Sendable {
    // Sendable argument: immutable.
    let answer: @Sendable (RESPCommand) -> RESPValue
    let transactions: Bool

    init(_ reply: RESPValue) {
        answer = { _ in reply }
        transactions = false
    }
    init(transactions: Bool = false, _ answer: @escaping @Sendable (RESPCommand) -> RESPValue) {
        self.answer = answer
        self.transactions = transactions
    }

    func send(_ commands: [RESPCommand], routedBy key: String) throws(RedisError) -> [RESPValue] {
        guard transactions else { return commands.map(answer) }
        var replies: [RESPValue] = []
        var queued: [RESPValue]?
        for command in commands {
            switch command.name {
            case "MULTI":
                queued = []
                replies.append(.simpleString("OK"))
            case "EXEC":
                replies.append(.array(queued))
                queued = nil
            default:
                if queued != nil {
                    queued?.append(answer(command))
                    replies.append(.simpleString("QUEUED"))
                } else {
                    replies.append(answer(command))
                }
            }
        }
        return replies
    }

    /// Nobody listens there: a subscriber keeps backing off.
    var subscriptionEndpoints: [RedisEndpoint] { [RedisEndpoint(host: "127.0.0.1", port: 1)] }
    var statistics: RedisCallStatistics { RedisCallStatistics() }
    func probe() {}
}
