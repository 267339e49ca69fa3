/// Requests answered, counted by route template, method and status, and their latency (from
/// the request's first byte to its response being queued) as a histogram per route. Every
/// label comes from a fixed set — route templates (never raw paths), method labels
/// (``HTTPMethodLabel``), the statuses the server answers — so no traffic can grow it.
public struct RequestMetrics: Sendable, Equatable {
    public struct Key: Hashable, Sendable {
        public var route: String
        public var method: String
        public var status: Int
    }

    /// A latency histogram: `bucketCounts[i]` requests took at most `latencyBounds[i]`
    /// seconds and more than the bound before it; the last count is beyond every bound.
    public struct Latency: Sendable, Equatable {
        public var bucketCounts = [Int](repeating: 0, count: RequestMetrics.latencyBounds.count + 1)
        public var count = 0
        public var sumSeconds = 0.0

        public init() {}

        /// Counts one observation of `seconds`. O(buckets).
        public mutating func observe(_ seconds: Double) {
            bucketCounts[
                RequestMetrics.latencyBounds.firstIndex { seconds <= $0 } ?? RequestMetrics.latencyBounds.count] += 1
            count += 1
            sumSeconds += seconds
        }

        /// Adds `other`'s observations. O(buckets).
        mutating func merge(_ other: Latency) {
            for index in bucketCounts.indices { bucketCounts[index] += other.bucketCounts[index] }
            count += other.count
            sumSeconds += other.sumSeconds
        }

        /// Forgets every observation, keeping the storage. O(buckets).
        mutating func reset() {
            for index in bucketCounts.indices { bucketCounts[index] = 0 }
            count = 0
            sumSeconds = 0
        }
    }

    /// Upper bounds of the latency buckets, in seconds.
    public static let latencyBounds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
    ]

    public var counts: [Key: Int] = [:]
    public var latency: [String: Latency] = [:]

    public init() {}

    /// Counts `count` answered requests of one route, method and status whose latencies
    /// `observed` holds (a ``RequestRun``); `method` is counted under its label. O(buckets).
    mutating func add(route: String, method: String, status: Int, count: Int, latency observed: Latency) {
        counts[Key(route: route, method: HTTPMethodLabel.label(for: method), status: status), default: 0] += count
        latency[route, default: Latency()].merge(observed)
    }

    static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        sum.counts.merge(rhs.counts, uniquingKeysWith: +)
        sum.latency.merge(rhs.latency) { left, right in
            var merged = left
            merged.merge(right)
            return merged
        }
        return sum
    }
}
