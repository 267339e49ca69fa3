/// Which master serves each of the 16,384 slots, as `CLUSTER SLOTS` tells it (an empty map
/// serves none). Read on first use and again after a node fails or answers `MOVED`.
struct ClusterSlotMap {
    /// Each slot's master, an index into `masters`; -1 where none serves it.
    private var owners = [Int16](repeating: -1, count: HashSlot.count)
    private(set) var masters: [RedisEndpoint] = []
    private var indexes: [RedisEndpoint: Int16] = [:]

    init() {}

    /// The map in a `CLUSTER SLOTS` reply from `queried`: `[start, end, [host, port, id, …],
    /// replicas…]` per range. A node named `""` is `queried`'s host; one named `"?"` (address
    /// unknown) is left out. Logins are `login`'s. Nil if the reply is not such a list.
    init?(_ reply: RESPValue, queried: RedisEndpoint, login: RedisEndpoint) {
        guard case .array(let ranges?) = reply else { return nil }
        for range in ranges {
            guard case .array(let fields?) = range, fields.count >= 3, case .integer(let start) = fields[0],
                case .integer(let end) = fields[1],
                0 <= start, start <= end, end < HashSlot.count, case .array(let master?) = fields[2], master.count >= 2,
                let host = master[0].string, case .integer(let port) = master[1]
            else { return nil }
            guard host != "?" else { continue }
            var node = login
            node.host = host.isEmpty ? queried.host : host
            node.port = Int(port)
            for slot in Int(start)...Int(end) { assign(slot, to: node) }
        }
    }

    func master(of slot: Int) -> RedisEndpoint? {
        let owner = owners[slot]
        return owner < 0 ? nil : masters[Int(owner)]
    }

    /// Records that `node` serves `slot` (a `MOVED` answer, before the next full read).
    mutating func assign(_ slot: Int, to node: RedisEndpoint) {
        if let index = indexes[node] {
            owners[slot] = index
            return
        }
        let index = Int16(masters.count)
        masters.append(node)
        indexes[node] = index
        owners[slot] = index
    }
}
