import Foundation
import ListDiffScenarios
import ListDiffService
@_spi(Rollback) import ListDiffStore
import ListDiffTestSupport

@testable import ListDiffRedis

/// The store a fault case runs on — the memory store or a real Redis server — and how each
/// fault is injected into it and lifted again, by the mechanisms the store's own fault tests
/// use (``StoreFault``).
final class FaultyStore: @unchecked Sendable {
    // Sendable argument: the factories' closures set `memory` and `followerStore` once, while
    // the service starts, before the test thread reads them.
    private(set) var memory: MemorySnapshotStore?
    /// The Redis store of the second instance, the one that serves the followers.
    private(set) var followerStore: RedisSnapshotStore?
    let redis: RedisServerProcess?

    /// A memory store, captured as the service makes it so that it can be rolled back.
    init() {
        redis = nil
    }

    /// A Redis server of `binary` whose `SAVE` writes to a directory of its own.
    init(redis binary: String) throws {
        redis = try RedisServerProcess.withOwnDirectory(binary: binary)
    }

    var name: String { redis == nil ? "memory" : "redis" }

    var factory: StoreFactory {
        if let redis { return RedisStoreServiceTests.redis(redis.endpoint) }
        return StoreFactory(blocks: false) { limits, observers in
            let store = MemorySnapshotStore(limits: limits, differ: observers.differ)
            self.memory = store
            return store
        }
    }

    /// A second instance's store on the same Redis server, captured so that its messages can
    /// be tampered with (``StoreFault/messages``); nil for the memory store.
    var followerFactory: StoreFactory? {
        guard let redis else { return nil }
        let factory = RedisStoreServiceTests.redis(redis.endpoint)
        return StoreFactory(blocks: true) { limits, observers in
            let store = factory.make(limits, observers)
            self.followerStore = store as? RedisSnapshotStore
            return store
        }
    }

    /// The faults this store can have.
    var faults: [StoreFault] { redis == nil ? [.none, .rollback] : StoreFault.allCases }

    /// Injects `fault` into the store holding `session`'s snapshots `names` (those written so
    /// far; the memory store rolls back `target` alone); answers what lifts it, if anything
    /// must. A rollback's loss happens at the lift: what was written in between is lost.
    func inject(
        _ fault: StoreFault, session: String, target: String, names: [String], random: inout SplitMix64
    ) throws -> (() throws -> Void)? {
        switch fault {
        case .none:
            return nil
        case .rollback:
            return try rollback(SnapshotAddress(owner: 0, session: session, snapshot: target))
        case .lostKey:
            let keys = Self.keys(session: session, names: names)
            _ = try admin().call(RESPCommand("DEL", keys[Int(random.next() % UInt64(keys.count))]))
            return nil
        case .errorReply:
            return try errorReply(random: &random)
        case .hang:
            guard let redis else { return nil }
            redis.suspend()
            return { redis.resume() }
        case .messages:
            guard let followerStore else { throw FaultUnavailable(fault: "messages without a second instance") }
            followerStore.seam.reshape(with: MessageFaults<VersionMessage>(seed: random.next()).reshape)
            let admin = try admin()
            return {
                followerStore.seam.reshape(with: nil)
                _ = try admin.call(RESPCommand("CLIENT", "KILL", "TYPE", "pubsub"))
            }
        }
    }

    /// The store's keys of one session (owner 0, namespace `ld`; see `RedisKeys`).
    static func keys(session: String, names: [String]) -> [String] {
        let tag = "ld:{0:\(session)}"
        return ["\(tag):session", "\(tag):names"] + names.flatMap { ["\(tag):snap:\($0)", "\(tag):hist:\($0)"] }
    }

    private func admin() throws -> RedisConnection {
        guard let redis else { throw FaultUnavailable(fault: "a Redis command on the memory store") }
        return try RedisErrorReplyServiceTests.admin(redis)
    }

    private func rollback(_ address: SnapshotAddress) throws -> () throws -> Void {
        if let redis {
            guard case .simpleString("OK") = try admin().call(RESPCommand("SAVE")) else {
                throw FaultUnavailable(fault: "SAVE")
            }
            return { try redis.killAndRestart() }
        }
        guard let memory else { throw FaultUnavailable(fault: "a memory rollback") }
        let checkpoint = try memory.checkpoint(address)
        return { try memory.restore(checkpoint) }
    }

    /// One of the error replies the store maps, chosen at random, until lifted.
    private func errorReply(random: inout SplitMix64) throws -> () throws -> Void {
        let admin = try admin()
        switch random.next() % 3 {
        case 0:
            _ = try admin.call(RESPCommand("CONFIG", "SET", "min-replicas-to-write", "1"))
            return { _ = try admin.call(RESPCommand("CONFIG", "SET", "min-replicas-to-write", "0")) }
        case 1:
            _ = try admin.call(RESPCommand("CONFIG", "SET", "maxmemory-policy", "noeviction"))
            _ = try admin.call(RESPCommand("CONFIG", "SET", "maxmemory", "1"))
            return { _ = try admin.call(RESPCommand("CONFIG", "SET", "maxmemory", "0")) }
        default:
            return try busy(admin)
        }
    }

    /// A script that keeps the server busy for 0.4 s, past a `busy-reply-threshold` of 0.1 s,
    /// from a connection of its own; lifted once it is done.
    private func busy(_ admin: RedisConnection) throws -> () throws -> Void {
        guard let redis else { throw FaultUnavailable(fault: "BUSY") }
        _ = try admin.call(RESPCommand("CONFIG", "SET", "busy-reply-threshold", "100"))
        let done = RedisErrorReplyServiceTests.keepBusy(redis, microseconds: 400_000)
        let deadline = Date(timeIntervalSinceNow: 1)
        while RedisErrorReplyServiceTests.ping(redis) != "BUSY", Date() < deadline { usleep(10_000) }
        return { done.wait() }
    }

    struct FaultUnavailable: Error, CustomStringConvertible {
        var fault: String
        var description: String { "cannot inject \(fault)" }
    }
}
