import Foundation

/// One subscriber connection per store instance on the channel every write and delete is
/// published on, so that a write through another instance answers the waits held here. Read
/// on the ``RedisEventLoop`` (a ``RedisSubscription``); connecting — to the next of the
/// servers it may listen on (any node of a cluster hears every `PUBLISH`), with backoff (0.1 s
/// doubling to 2 s) — on a thread of its own. Tells the store when it is subscribed
/// (`onConnect`, on that thread: a message may have been missed before, so every wait is
/// checked again) and when it lost the connection (`onDisconnect`: messages are being missed —
/// a connection silent past a `PING` counts as lost); messages (`onMessage`) and the store's
/// turn every half second to retry what it could not do at once (`onIdle`) come on the loop's
/// thread, where nothing may wait on a reply.
final class VersionSubscriber: @unchecked Sendable {
    // Sendable argument: `stopped` and `subscription` are only touched while holding `lock`;
    // the rest is immutable.
    private let endpoints: @Sendable () -> [RedisEndpoint]
    private let channel: String
    private let onMessage: @Sendable ([UInt8]) -> Void
    private let onConnect: @Sendable (_ evictionFree: Bool) -> Void
    private let onDisconnect: @Sendable () -> Void
    private let onIdle: @Sendable () -> Void
    private let lock = NSLock()
    private var stopped = false
    private var subscription: RedisSubscription?

    init(
        endpoints: @escaping @Sendable () -> [RedisEndpoint], channel: String,
        onMessage: @escaping @Sendable ([UInt8]) -> Void, onConnect: @escaping @Sendable (_ evictionFree: Bool) -> Void,
        onDisconnect: @escaping @Sendable () -> Void, onIdle: @escaping @Sendable () -> Void
    ) {
        self.endpoints = endpoints
        self.channel = channel
        self.onMessage = onMessage
        self.onConnect = onConnect
        self.onDisconnect = onDisconnect
        self.onIdle = onIdle
        connect(turn: 0, after: 0)
    }

    /// Closes the connection; no reconnect follows.
    func stop() {
        let open: RedisSubscription? = lock.withLock {
            stopped = true
            defer { subscription = nil }
            return subscription
        }
        open?.stop()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Subscribes on a thread of its own, after `delay` seconds; tries the next server, waiting
    /// twice as long, until one answers.
    private func connect(turn: Int, after delay: Double) {
        Thread.detachNewThread { [self] in
            var turn = turn
            var backoff = delay
            while !isStopped {
                if backoff > 0 { usleep(UInt32(backoff * 1e6)) }
                backoff = min(2, max(0.1, backoff * 2))
                let candidates = endpoints()
                let endpoint = candidates[turn % candidates.count]
                turn += 1
                guard case .success(let loop) = RedisEventLoop.shared,
                    let connection = try? RedisConnection(endpoint: endpoint, connectTimeout: 1, replyTimeout: 2)
                else {
                    onDisconnect()
                    continue
                }
                let evictionFree = Self.neverEvicts(connection)
                guard (try? connection.call(RESPCommand("SUBSCRIBE", channel))) != nil else {
                    onDisconnect()
                    continue
                }
                // Told before any message is read: what the store knows starts from here.
                onConnect(evictionFree)
                let next = turn
                let subscription = RedisSubscription(
                    adopting: connection, loop: loop, onMessage: onMessage, onIdle: onIdle,
                    onClose: { [weak self] in self?.lost(turn: next) })
                let kept = lock.withLock {
                    guard !stopped else { return false }
                    self.subscription = subscription
                    return true
                }
                if !kept { subscription.stop() }
                return
            }
        }
    }

    /// The subscription closed (on the loop's thread): messages are being missed from now.
    private func lost(turn: Int) {
        onDisconnect()
        let reconnect = lock.withLock {
            subscription = nil
            return !stopped
        }
        if reconnect { connect(turn: turn, after: 0.1) }
    }

    /// Whether the server says `maxmemory-policy noeviction` (no key of a session can vanish
    /// without a message); false when it says otherwise or will not say (`CONFIG` refused or
    /// renamed, as on managed Redis).
    private static func neverEvicts(_ connection: RedisConnection) -> Bool {
        guard case .array(let fields?)? = try? connection.call(RESPCommand("CONFIG", "GET", "maxmemory-policy")),
            fields.count == 2
        else { return false }
        return fields[1].string == "noeviction"
    }
}
