import Foundation
import ListDiff
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffWire
import Testing

@testable import ListDiffRedis

/// Slots, redirections and the slot map, then the store over a real three-master cluster of
/// each server binary found: sessions spread over the masters, a slot moved under the client.
@Suite(.ownThreads) struct RedisClusterTests {
    static let limits = StoreLimits(
        maxSessions: 100, maxSnapshotsPerSession: 8, maxItemsPerSnapshot: 10_000, maxOperationWork: 1_000_000,
        versionsKept: 4, maxStoreBytes: 1 << 28, maxSessionBytes: 1 << 27, sessionIdleSeconds: 3600, owners: 1)

    @Test func slotsFollowTheHashTag() {
        #expect(HashSlot.crc16(Array("123456789".utf8)) == 0x31C3, "CRC16/XMODEM's check value")
        #expect(HashSlot.of("foo") == 12_182)
        #expect(HashSlot.of("ld:{0:chat}:session") == HashSlot.of("ld:{0:chat}:snap:feed"))
        #expect(HashSlot.of("{0:chat}") == HashSlot.of("0:chat"))
        #expect(
            HashSlot.of("a{}b") == HashSlot.of("a{}b") && HashSlot.of("a{}b") != HashSlot.of(""),
            "an empty tag is no tag: the whole key")
    }

    @Test func redirectionsAreReadFromErrorReplies() {
        let login = RedisEndpoint(host: "seed", port: 1, password: "pw")
        #expect(
            ClusterRedirection(.error("MOVED 3999 127.0.0.1:6381"), login: login)
                == .moved(slot: 3999, to: RedisEndpoint(host: "127.0.0.1", port: 6381, password: "pw")))
        #expect(
            ClusterRedirection(.error("ASK 12 ::1:7000"), login: login)
                == .ask(slot: 12, to: RedisEndpoint(host: "::1", port: 7000, password: "pw")))
        #expect(
            ClusterRedirection(.error("TRYAGAIN Multiple keys request during rehashing of slot"), login: login)
                == .tryAgain)
        for other: RESPValue in [
            .error("ERR wrong"), .error("MOVED x y"), .error("MOVED 1 nohost"), .simpleString("MOVED 1 a:2")
        ] {
            #expect(ClusterRedirection(other, login: login) == nil, "\(other)")
        }
    }

    @Test func theSlotMapIsReadFromClusterSlots() throws {
        let node: (String, Int64) -> RESPValue = {
            .array([.bulkString(Array($0.utf8)), .integer($1), .bulkString(Array("id".utf8))])
        }
        let reply = RESPValue.array([
            .array([.integer(0), .integer(99), node("10.0.0.1", 7000), node("10.0.0.9", 7009)]),
            .array([.integer(100), .integer(16_383), node("", 7001)])
        ])
        let queried = RedisEndpoint(host: "10.0.0.2", port: 7001)
        let map = try #require(ClusterSlotMap(reply, queried: queried, login: RedisEndpoint(host: "", password: "pw")))
        #expect(
            map.master(of: 0) == RedisEndpoint(host: "10.0.0.1", port: 7000, password: "pw"), "masters, not replicas")
        #expect(
            map.master(of: 100) == RedisEndpoint(host: "10.0.0.2", port: 7001, password: "pw"),
            "an empty host is the queried node's")
        #expect(map.masters.count == 2)
        #expect(
            ClusterSlotMap(.array([.array([.integer(5), .integer(2), node("a", 1)])]), queried: queried, login: queried)
                == nil, "an upside-down range")
        #expect(ClusterSlotMap(.simpleString("OK"), queried: queried, login: queried) == nil)
    }

    @Test func cluster24SessionsSpreadOverTheMastersAndEveryOneReads() throws {
        for binary in try Self.binaries() {
            let cluster = try RedisClusterProcesses(binary: binary)
            let store = RedisSnapshotStore(
                client: RedisClusterClient(seeds: [cluster.seeds[1]], poolSize: 4), limits: Self.limits)
            let other = RedisSnapshotStore(
                client: RedisClusterClient(seeds: cluster.seeds, poolSize: 4), limits: Self.limits)
            var versions: [String: (first: SnapshotVersion, second: SnapshotVersion)] = [:]
            for index in 0..<24 {
                let address = SnapshotAddress(owner: 0, session: "session-\(index)", snapshot: "feed")
                let first = try store.write(
                    Self.flat(["a", "b"]), isFlat: true, at: address, conditions: .unconditional,
                    options: DiffOptions())
                let written = try store.write(
                    Self.flat(["b", "a", "c"]), isFlat: true, at: address, conditions: .unconditional,
                    options: DiffOptions())
                versions[address.session] = (first.head.version, written.head.version)
                #expect(written.diff?.counts.itemMoves == 1)
            }
            for (session, version) in versions {
                let address = SnapshotAddress(owner: 0, session: session, snapshot: "feed")
                #expect(try other.read(address).head.version == version.second)
                guard
                    case .changes(_, _, let diff?) = try other.changes(
                        at: address, since: version.first, options: DiffOptions())
                else {
                    Issue.record("\(binary): no changeset for \(session)")
                    continue
                }
                #expect(diff.counts.itemInserts == 1)
            }
            let keysPerNode = try cluster.nodes.map { node in
                try RedisConnection(endpoint: node.endpoint, connectTimeout: 1, replyTimeout: 2).call(
                    RESPCommand("DBSIZE")
                ).integer ?? 0
            }
            print("\(binary): keys per master \(keysPerNode)")
            #expect(
                keysPerNode.allSatisfy { $0 > 0 } && keysPerNode.reduce(0, +) == 24 * 4,
                "\(binary): 24 sessions of 4 keys over every master")
        }
    }

    /// A session's slot migrates to another master while a client uses it: mid-migration the
    /// old master answers `ASK`, afterwards `MOVED`; reads, writes and waits carry on.
    @Test func aSlotMovedUnderTheClientIsFollowed() throws {
        for binary in try Self.binaries() {
            let cluster = try RedisClusterProcesses(binary: binary)
            let store = RedisSnapshotStore(
                client: RedisClusterClient(seeds: cluster.seeds, poolSize: 4), limits: Self.limits)
            let address = SnapshotAddress(owner: 0, session: "moving", snapshot: "feed")
            let keys = RedisKeys(namespace: "ld", owner: 0, session: "moving")
            _ = try store.write(
                Self.flat(["a"]), isFlat: true, at: address, conditions: .unconditional, options: DiffOptions())
            let first = try store.write(
                Self.flat(["a", "b"]), isFlat: true, at: address, conditions: .unconditional, options: DiffOptions()
            ).head.version
            let slot = HashSlot.of(keys.session)
            let source = cluster.node(servingSlot: slot)
            let target = cluster.nodes.first { $0 !== source }!
            let (from, to) = try (Self.connection(source), Self.connection(target))
            let (sourceID, targetID) = try (
                from.call(RESPCommand("CLUSTER", "MYID")).string ?? "",
                to.call(RESPCommand("CLUSTER", "MYID")).string ?? ""
            )
            _ = try to.call(RESPCommand("CLUSTER", "SETSLOT", String(slot), "IMPORTING", sourceID))
            _ = try from.call(RESPCommand("CLUSTER", "SETSLOT", String(slot), "MIGRATING", targetID))
            let moving = Self.strings(try from.call(RESPCommand("CLUSTER", "GETKEYSINSLOT", String(slot), "100")))
            #expect(moving.count == 4)
            _ = try from.call(
                RESPCommand(
                    (["MIGRATE", "127.0.0.1", String(target.port), "", "0", "5000", "KEYS"] + moving).map {
                        Array($0.utf8)
                    }))

            #expect(try store.read(address).head.version == first, "\(binary): read mid-migration (ASK)")
            let second = try store.write(
                Self.flat(["b", "a"]), isFlat: true, at: address, conditions: .unconditional, options: DiffOptions())
            #expect(second.diff?.counts.itemMoves == 1, "\(binary): written mid-migration (ASK)")

            for node in [to, from] {
                _ = try node.call(RESPCommand("CLUSTER", "SETSLOT", String(slot), "NODE", targetID))
            }
            #expect(
                try store.read(address).head.version == second.head.version, "\(binary): read after the move (MOVED)")
            guard case .changes(_, _, let diff?) = try store.changes(at: address, since: first, options: DiffOptions())
            else {
                Issue.record("\(binary): no changeset after the move")
                continue
            }
            #expect(diff.counts.itemMoves == 1)
            let moved = try Self.connection(target).call(RESPCommand("CLUSTER", "COUNTKEYSINSLOT", String(slot)))
                .integer
            #expect(moved == 4, "\(binary): the session lives on the target now")
        }
    }

    /// A wait held through one seed is answered by a write through a client of another: a
    /// `PUBLISH` on any node reaches every node's subscribers.
    @Test func aWriteOnOneMasterAnswersAWaitSubscribedOnAnother() throws {
        for binary in try Self.binaries() {
            let cluster = try RedisClusterProcesses(binary: binary)
            let holder = RedisSnapshotStore(
                client: RedisClusterClient(seeds: [cluster.seeds[0]], poolSize: 2), limits: Self.limits)
            let writer = RedisSnapshotStore(
                client: RedisClusterClient(seeds: [cluster.seeds[2]], poolSize: 2), limits: Self.limits)
            // A session whose slot is not on the holder's subscriber node.
            let session = (0..<100).map { "waited-\($0)" }.first {
                cluster.node(servingSlot: HashSlot.of(RedisKeys(namespace: "ld", owner: 0, session: $0).session))
                    !== cluster.nodes[0]
            }!
            let address = SnapshotAddress(owner: 0, session: session, snapshot: "feed")
            let first = try writer.write(
                Self.flat(["a"]), isFlat: true, at: address, conditions: .unconditional, options: DiffOptions()
            ).head.version
            let answers = Answers()
            _ = try holder.waitForChange(at: address, since: first, options: DiffOptions()) { answers.add($0) }
            usleep(300_000)
            let second = try writer.write(
                Self.flat(["a", "b"]), isFlat: true, at: address, conditions: .unconditional, options: DiffOptions()
            ).head.version
            guard case .success(.changes(let from, let to, _?))? = answers.waitFor(1).first else {
                Issue.record("\(binary): the wait was not answered across masters")
                continue
            }
            #expect(from == first && to.version == second)
        }
    }

    static func binaries() throws -> [String] {
        if RedisServerProcess.binaries.isEmpty { print(RedisServerProcess.missingReason) }
        return RedisServerProcess.binaries
    }

    static func connection(_ node: RedisServerProcess) throws -> RedisConnection {
        try RedisConnection(endpoint: node.endpoint, connectTimeout: 1, replyTimeout: 5)
    }

    static func strings(_ reply: RESPValue) -> [String] {
        guard case .array(let values?) = reply else { return [] }
        return values.compactMap(\.string)
    }

    static func flat(_ ids: [String]) throws -> WireSnapshot {
        try WireDecoder.snapshot(Array(("[" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8)).snapshot
    }
}
