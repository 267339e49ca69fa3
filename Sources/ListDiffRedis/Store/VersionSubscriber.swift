import Foundation

/// One subscriber connection per store instance on the channel every write and delete is
/// published on, so that a write through another instance answers the waits held here. Runs
/// on a thread of its own; reconnects with backoff (0.1 s doubling to 2 s), to the next of the
/// servers it may listen on (any node of a cluster hears every `PUBLISH`) and, once back,
/// asks the store to recheck every wait (a message may have been missed meanwhile); while
/// connected and quiet, it gives the store a turn every half second (`onIdle`) to retry what
/// the store could not do at once.
final class VersionSubscriber: @unchecked Sendable {
    // Sendable argument: `stopped` is only touched while holding `lock`; the rest is immutable.
    private let endpoints: @Sendable () -> [RedisEndpoint]
    private let channel: String
    private let onMessage: @Sendable (String) -> Void
    private let onReconnect: @Sendable () -> Void
    private let onIdle: @Sendable () -> Void
    private let lock = NSLock()
    private var stopped = false

    init(
        endpoints: @escaping @Sendable () -> [RedisEndpoint], channel: String,
        onMessage: @escaping @Sendable (String) -> Void,
        onReconnect: @escaping @Sendable () -> Void, onIdle: @escaping @Sendable () -> Void
    ) {
        self.endpoints = endpoints
        self.channel = channel
        self.onMessage = onMessage
        self.onReconnect = onReconnect
        self.onIdle = onIdle
        Thread.detachNewThread { [self] in run() }
    }

    /// Ends the thread within half a second.
    func stop() {
        lock.withLock { stopped = true }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func run() {
        var backoff = 0.1
        var turn = 0
        while !isStopped {
            do throws(RedisError) {
                let candidates = endpoints()
                let endpoint = candidates[turn % candidates.count]
                let connection = try RedisConnection(endpoint: endpoint, connectTimeout: 1, replyTimeout: 2)
                _ = try connection.call(RESPCommand("SUBSCRIBE", channel))
                backoff = 0.1
                onReconnect()
                while !isStopped {
                    guard let message = try connection.receive(timeout: 0.5) else {
                        onIdle()
                        continue
                    }
                    if case .array(let parts?) = message, parts.count == 3, parts[0].string == "message",
                        let payload = parts[2].string
                    {
                        onMessage(payload)
                    }
                }
                connection.close()
            } catch {
                turn += 1
                usleep(UInt32(backoff * 1e6))
                backoff = min(2, backoff * 2)
            }
        }
    }
}
