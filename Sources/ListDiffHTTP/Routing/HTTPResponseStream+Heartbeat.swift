extension HTTPResponseStream {
    /// What keeps a quiet stream alive through proxies and tells the client it is still
    /// followed: `bytes` sent as one chunk when nothing else was queued for `interval` seconds.
    public struct Heartbeat: Sendable {
        /// Seconds without output after which `bytes` are sent (at least a millisecond).
        public var interval: Double
        public var bytes: [UInt8]

        public init(interval: Double, bytes: [UInt8]) {
            self.interval = interval
            self.bytes = bytes
        }
    }
}
