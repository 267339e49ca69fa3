/// How many replicas must have a write before it is acknowledged (0: none asked for), and how
/// long a write waits for them.
public struct RedisReplication: Sendable, Equatable {
    public var minReplicas: Int
    /// Seconds; a fraction of the connection's reply timeout, which bounds the `WAIT` too.
    public var timeout: Double

    public init(minReplicas: Int = 0, timeout: Double = RedisReplication.defaultTimeout) {
        self.minReplicas = minReplicas
        self.timeout = timeout
    }

    /// Half the reply timeout the server gives its connections (2 s): a write not replicated
    /// by then is answered 503 before the connection would give up on the reply.
    public static let defaultTimeout = 1.0
}
