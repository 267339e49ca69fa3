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
    }

    /// Upper bounds of the latency buckets, in seconds.
    public static let latencyBounds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
    ]

    public var counts: [Key: Int] = [:]
    public var latency: [String: Latency] = [:]

    public init() {}

    /// Counts one answered request; `method` is counted under its label. O(buckets).
    mutating func record(route: String, method: String, status: Int, seconds: Double) {
        counts[Key(route: route, method: HTTPMethodLabel.label(for: method), status: status), default: 0] += 1
        latency[route, default: Latency()].observe(seconds)
    }

    static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        sum.counts.merge(rhs.counts, uniquingKeysWith: +)
        sum.latency.merge(rhs.latency) { left, right in
            var merged = left
            for index in merged.bucketCounts.indices { merged.bucketCounts[index] += right.bucketCounts[index] }
            merged.count += right.count
            merged.sumSeconds += right.sumSeconds
            return merged
        }
        return sum
    }
}
