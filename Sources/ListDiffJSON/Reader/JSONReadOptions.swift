/// Limits applied by ``JSONReader`` and ``JSONValidator``.
public struct JSONReadOptions: Hashable, Sendable {
    /// The deepest nesting of arrays and objects accepted; the top-level container is depth 1.
    /// Deeper input fails with ``JSONReadError/Kind/depthLimitExceeded``. Default 512.
    public var maxDepth: Int
    /// The longest input accepted, in bytes. Longer input fails with
    /// ``JSONReadError/Kind/inputTooLarge`` before any byte is read. Default 64 MiB.
    public var maxInputBytes: Int

    /// Creates options. O(1).
    public init(maxDepth: Int = 512, maxInputBytes: Int = 64 << 20) {
        self.maxDepth = max(1, maxDepth)
        self.maxInputBytes = max(0, maxInputBytes)
    }
}
