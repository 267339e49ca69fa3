/// Answered requests in a row of one route, method and status, counted apart until one of
/// another kind comes or the loop publishes its statistics, then added to ``RequestMetrics``
/// at once: recording each request of a steady stream straight into the metrics hashed its
/// route's and method's strings for two dictionary lookups, a tenth of a small request's
/// transport instructions.
struct RequestRun {
    private var route = ""
    private var method = ""
    private var status = 0
    private var count = 0
    private var latency = RequestMetrics.Latency()

    /// Counts one answered request: into this run if it is of the run's kind, else after adding
    /// the run to `metrics` and starting a new one with it. O(buckets).
    mutating func record(
        route: String, method: String, status: Int, seconds: Double, settlingInto metrics: inout RequestMetrics
    ) {
        if count == 0 || status != self.status || route != self.route || method != self.method {
            settle(into: &metrics)
            self.route = route
            self.method = method
            self.status = status
        }
        count += 1
        latency.observe(seconds)
    }

    /// Adds the run to `metrics` and empties it (keeping its histogram's storage).
    mutating func settle(into metrics: inout RequestMetrics) {
        guard count > 0 else { return }
        metrics.add(route: route, method: method, status: status, count: count, latency: latency)
        count = 0
        latency.reset()
    }
}
