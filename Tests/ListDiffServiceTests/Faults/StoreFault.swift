/// A fault the fault property test injects into the store between requests, by the mechanism
/// the store's own fault tests use.
enum StoreFault: String, CaseIterable, Sendable, CustomStringConvertible {
    /// No fault (yet) in the case.
    case none
    /// The store loses its last writes and issues their numbers again: the memory store's
    /// `@_spi(Rollback)` checkpoint, Redis `SAVE` then `kill -9` and a restart from that RDB.
    case rollback
    /// Redis drops one key of the session alone (`DEL`), as an evicting policy may.
    case lostKey
    /// Redis answers with an error reply: busy with a script (`BUSY`), out of memory (`OOM`), too
    /// few replicas (`NOREPLICAS`).
    case errorReply
    /// Redis stops answering (`SIGSTOP`) past the service's `--store-timeout`, then goes on.
    case hang
    /// The pub/sub messages reaching the instance that serves the followers are lost,
    /// repeated or held back past the next one (its store's `VersionMessageSeam`), until Redis
    /// closes the subscribers (`CLIENT KILL TYPE pubsub`), as it closes one that falls behind.
    case messages

    var description: String { rawValue }

    /// Whether the fault may lose what was acknowledged before it.
    var losesWrites: Bool { self == .rollback || self == .lostKey }
}
