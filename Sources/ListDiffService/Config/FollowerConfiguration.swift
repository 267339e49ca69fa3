/// How long a long poll may wait and how often a quiet event stream speaks.
public struct FollowerConfiguration: Sendable, Equatable {
    /// Longest `wait` a long poll may ask for, in seconds; longer asks are capped.
    public var maxWaitSeconds: Double
    /// Seconds an event stream may go without sending before a heartbeat (a comment line)
    /// keeps proxies and clients from taking it for dead.
    public var heartbeatSeconds: Double

    public init(maxWaitSeconds: Double = 60, heartbeatSeconds: Double = 30) {
        self.maxWaitSeconds = maxWaitSeconds
        self.heartbeatSeconds = heartbeatSeconds
    }
}
