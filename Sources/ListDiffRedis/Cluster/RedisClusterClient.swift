import Foundation

/// A Redis Cluster (or Valkey cluster) reached through its seed nodes: each call goes to the
/// master serving its key's slot, over a ``RedisConnectionPool`` per master. The slot map is
/// read (`CLUSTER SLOTS`, from any node that answers) on first use, after a node fails to
/// answer (a failover may have promoted a replica) and after a `MOVED`; an `ASK` (a slot being
/// migrated) is followed once with `ASKING`, a `TRYAGAIN` retried shortly.
public final class RedisClusterClient: RedisClient, @unchecked Sendable {
    // Sendable argument: `map`, `pools`, `mapIsStale` and `lastFailed` are only touched while
    // holding `lock`; refreshes of the map take turns on `refreshing`.
    public let seeds: [RedisEndpoint]
    private let makePool: @Sendable (RedisEndpoint) -> RedisConnectionPool
    private let lock = NSLock()
    private let refreshing = NSLock()
    private var map = ClusterSlotMap()
    private var pools: [RedisEndpoint: RedisConnectionPool] = [:]
    private var mapIsStale = true
    private var lastFailed = false

    /// Redirections one call follows before it gives up (a cluster resharding fast).
    static let maxRedirections = 8

    /// A client of the cluster the `seeds` belong to (their login is every node's), with up to
    /// `poolSize` connections to each master.
    public init(
        seeds: [RedisEndpoint], poolSize: Int, connectTimeout: Double = 1, replyTimeout: Double = 2,
        observeRoundTrip: @escaping @Sendable (Double) -> Void = { _ in }
    ) {
        precondition(!seeds.isEmpty, "a cluster client needs a seed node")
        self.seeds = seeds
        makePool = { node in
            RedisConnectionPool(
                endpoint: node, size: poolSize, connectTimeout: connectTimeout, replyTimeout: replyTimeout,
                observeRoundTrip: observeRoundTrip)
        }
    }

    public func send(_ commands: [RESPCommand], routedBy key: String) throws(RedisError) -> [RESPValue] {
        let slot = HashSlot.of(key)
        var asked: RedisEndpoint?
        for attempt in 0..<Self.maxRedirections {
            let node: RedisEndpoint
            if let asked { node = asked } else { node = try master(of: slot) }
            let replies: [RESPValue]
            do {
                replies =
                    asked == nil ? try pool(node).send(commands) : try ClusterAsking.send(commands, on: pool(node))
                // `CLUSTERDOWN` and the like: the node answered, but serves nothing now.
                let served = RedisConnectionPool.served(replies)
                lock.withLock { lastFailed = !served }
            } catch {
                lock.withLock {
                    if case .server(let message) = error {
                        if RedisRefusal(message).kind == .notServing { lastFailed = true }
                    } else {
                        lastFailed = true
                        mapIsStale = true
                    }
                }
                throw error
            }
            guard let redirection = replies.lazy.compactMap({ ClusterRedirection($0, login: self.seeds[0]) }).first
            else { return replies }
            asked = nil
            switch redirection {
            case .moved(let movedSlot, let target):
                lock.withLock {
                    map.assign(movedSlot, to: target)
                    mapIsStale = true
                }
            case .ask(_, let target):
                asked = target
            case .tryAgain:
                usleep(UInt32(5_000 * (attempt + 1)))
            }
        }
        // Slots moving under the call: the node's `TRYAGAIN`, after this client's own retries.
        throw .server("TRYAGAIN the cluster redirected one call \(Self.maxRedirections) times (slots moving under it)")
    }

    /// The masters known and the seeds: any of them hears every `PUBLISH`.
    public var subscriptionEndpoints: [RedisEndpoint] {
        var seen = Set<RedisEndpoint>()
        return (lock.withLock { map.masters } + seeds).filter { seen.insert($0).inserted }
    }

    /// Calls to every master, summed; `lastFailed` is the last call's, to whichever node.
    public var statistics: RedisCallStatistics {
        lock.withLock {
            var total = RedisCallStatistics()
            for pool in pools.values {
                let statistics = pool.statistics
                total.roundTrips += statistics.roundTrips
                total.failures += statistics.failures
                total.lastCallAt = max(total.lastCallAt, statistics.lastCallAt)
                total.served = total.served || statistics.served
            }
            total.lastFailed = lastFailed
            return total
        }
    }

    /// Reads the slot map again and asks every master in it for `CLUSTER INFO`: a master that
    /// does not answer, or says `cluster_state:fail` (slots unserved: it answers every call
    /// with `CLUSTERDOWN`), fails the probe — as a ping, which a failed cluster still answers,
    /// would not.
    public func probe() {
        lock.withLock { mapIsStale = true }
        do {
            try refreshMap()
            let masters = lock.withLock { map.masters }
            var failed = false
            for node in masters {
                let info = (try? pool(node).call(RESPCommand("CLUSTER", "INFO")))?.string
                if info?.contains("cluster_state:ok") != true { failed = true }
            }
            lock.withLock { lastFailed = failed }
        } catch {
            lock.withLock { lastFailed = true }
        }
    }

    private func master(of slot: Int) throws(RedisError) -> RedisEndpoint {
        if lock.withLock({ mapIsStale }) {
            do {
                try refreshMap()
            } catch {
                // No node answered: the map known so far is the best guess, if there is one.
                guard lock.withLock({ map.master(of: slot) }) != nil else { throw error }
            }
        }
        guard let node = lock.withLock({ map.master(of: slot) }) else {
            throw .server("CLUSTERDOWN no master serves slot \(slot)")
        }
        return node
    }

    /// Reads `CLUSTER SLOTS` from the first node that answers: the masters known, then the
    /// seeds. One refresh at a time; a caller that waited for another's uses its map.
    private func refreshMap() throws(RedisError) {
        refreshing.lock()
        defer { refreshing.unlock() }
        guard lock.withLock({ mapIsStale }) else { return }
        var failure = RedisError.server("no seed node")
        var seen = Set<RedisEndpoint>()
        for node in lock.withLock({ map.masters }) + seeds where seen.insert(node).inserted {
            do {
                let reply = try pool(node).call(RESPCommand("CLUSTER", "SLOTS"))
                guard let fresh = ClusterSlotMap(reply, queried: node, login: seeds[0]), !fresh.masters.isEmpty else {
                    failure = .server("\(node) answered CLUSTER SLOTS with no slot served")
                    continue
                }
                lock.withLock {
                    map = fresh
                    mapIsStale = false
                }
                return
            } catch {
                failure = error
            }
        }
        throw failure
    }

    private func pool(_ node: RedisEndpoint) -> RedisConnectionPool {
        lock.withLock {
            if let pool = pools[node] { return pool }
            let pool = makePool(node)
            pools[node] = pool
            return pool
        }
    }
}
