import Foundation
import ListDiffRedis

/// A real Redis (or Valkey) cluster on loopback: `masters` servers in cluster mode, each serving
/// an equal range of the slots, for as long as the value lives. Formed by hand — `ADDSLOTSRANGE`
/// on each, `MEET` the first — so no `redis-cli` is needed; ready once every node says
/// `cluster_state:ok` and knows the others. Each node saves its RDB (on `SAVE`) to a file of
/// its own, so one node can be rolled back (``RedisServerProcess/killAndRestart()``).
public final class RedisClusterProcesses {
    public let nodes: [RedisServerProcess]
    /// Each node's cluster-bus port (given, not `port + 10000`, which may be taken).
    public let busPorts: [Int]
    private let directory: URL

    public init(binary: String, masters: Int = 3) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "listdiff-cluster-\(UUID().uuidString)")
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var nodes: [RedisServerProcess] = []
        var busPorts: [Int] = []
        for index in 0..<masters {
            var bus = 0
            nodes.append(
                try RedisServerProcess(binary: binary) {
                    bus = try RedisServerProcess.freePort()
                    return [
                        "--cluster-enabled", "yes", "--cluster-port", String(bus), "--cluster-node-timeout", "2000",
                        "--cluster-config-file", directory.appendingPathComponent("nodes-\(index).conf").path, "--dir",
                        directory.path, "--dbfilename", "dump-\(index).rdb"
                    ]
                })
            busPorts.append(bus)
        }
        self.nodes = nodes
        self.busPorts = busPorts
        for (index, node) in nodes.enumerated() {
            let connection = try RedisConnection(endpoint: node.endpoint, connectTimeout: 1, replyTimeout: 5)
            let range = (index * Self.slotCount / masters, (index + 1) * Self.slotCount / masters - 1)
            _ = try connection.call(RESPCommand("CLUSTER", "ADDSLOTSRANGE", String(range.0), String(range.1)))
            if index > 0 {
                _ = try connection.call(
                    RESPCommand("CLUSTER", "MEET", "127.0.0.1", String(nodes[0].port), String(busPorts[0])))
            }
        }
        try waitUntilFormed()
    }

    public var seeds: [RedisEndpoint] { nodes.map(\.endpoint) }

    /// Redis Cluster's number of hash slots.
    public static let slotCount = 16_384

    /// The node serving `slot`, by the ranges ``init(binary:masters:)`` gave out.
    public func node(servingSlot slot: Int) -> RedisServerProcess {
        nodes[slot * nodes.count / Self.slotCount]
    }

    /// The node serving `key`: the one `CLUSTER KEYSLOT` names.
    public func node(servingKey key: String) throws -> RedisServerProcess {
        let connection = try RedisConnection(endpoint: nodes[0].endpoint, connectTimeout: 1, replyTimeout: 5)
        guard case .integer(let slot) = try connection.call(RESPCommand("CLUSTER", "KEYSLOT", key)) else {
            throw RedisServerProcess.StartFailure(description: "CLUSTER KEYSLOT \(key) answered no slot")
        }
        return node(servingSlot: Int(slot))
    }

    /// Returns once every node says `cluster_state:ok` and knows the others (after a node's
    /// restart, say).
    public func waitUntilFormed() throws {
        let deadline = Date(timeIntervalSinceNow: 20)
        while Date() < deadline {
            let formed = nodes.allSatisfy { node in
                guard
                    let connection = try? RedisConnection(endpoint: node.endpoint, connectTimeout: 1, replyTimeout: 1),
                    let info = (try? connection.call(RESPCommand("CLUSTER", "INFO")))?.string
                else { return false }
                return info.contains("cluster_state:ok") && info.contains("cluster_known_nodes:\(nodes.count)")
            }
            if formed { return }
            usleep(50_000)
        }
        throw RedisServerProcess.StartFailure(description: "the cluster of \(nodes.count) did not form within 20 s")
    }

    deinit {
        for node in nodes { node.stop() }
        try? FileManager.default.removeItem(at: directory)
    }
}
