import Foundation

/// One subscriber connection per store instance on the channel every write and delete is
/// published on, so that a write through another instance answers the waits held here. Runs
/// on a thread of its own; reconnects with backoff (0.1 s doubling to 2 s), to the next of the
/// servers it may listen on (any node of a cluster hears every `PUBLISH`); tells the store
/// when it is subscribed (`onConnect`: a message may have been missed before, so every wait is
/// checked again) and when it lost the connection (`onDisconnect`: messages are being missed —
/// a connection silent past a `PING` counts as lost); while
/// connected, it gives the store a turn every half second (`onIdle`), busy channel or quiet,
/// to retry what the store could not do at once.
final class VersionSubscriber: @unchecked Sendable {
    // Sendable argument: `stopped` is only touched while holding `lock`; the rest is immutable.
    private let endpoints: @Sendable () -> [RedisEndpoint]
    private let channel: String
    private let onMessage: @Sendable ([UInt8]) -> Void
    private let onConnect: @Sendable (_ evictionFree: Bool) -> Void
    private let onDisconnect: @Sendable () -> Void
    private let onIdle: @Sendable () -> Void
    private let lock = NSLock()
    private var stopped = false

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
                let evictionFree = Self.neverEvicts(connection)
                _ = try connection.call(RESPCommand("SUBSCRIBE", channel))
                backoff = 0.1
                onConnect(evictionFree)
                var heardAt = SystemSocket.now()
                var pingedAt: Double?
                var idleAt = heardAt + Self.idleInterval
                while !isStopped {
                    // The store's turn comes every interval, however busy the channel: a wait
                    // whose check failed is retried there, and a fleet's channel is never quiet.
                    let now = SystemSocket.now()
                    if now >= idleAt {
                        idleAt = now + Self.idleInterval
                        onIdle()
                    }
                    guard let message = try connection.receive(timeout: max(0, idleAt - now)) else {
                        // A connection that died without a word (a partition, a host gone) reads
                        // as a quiet channel: a quiet one is asked, and one that does not answer
                        // is dropped, so the store stops trusting what it heard.
                        let now = SystemSocket.now()
                        if let pingedAt, now - pingedAt > Self.pongTimeout {
                            connection.close()
                            throw .timedOut(Self.pongTimeout)
                        }
                        if pingedAt == nil, now - heardAt >= Self.quietBeforePing {
                            try connection.post(RESPCommand("PING"))
                            pingedAt = now
                        }
                        continue
                    }
                    heardAt = SystemSocket.now()
                    guard case .array(let parts?) = message else { continue }
                    if parts.first?.string == "pong" {
                        pingedAt = nil
                    } else if parts.count == 3, parts[0].string == "message", case .bulkString(let payload?) = parts[2]
                    {
                        onMessage(payload)
                    }
                }
                connection.close()
                onDisconnect()
            } catch {
                onDisconnect()
                turn += 1
                usleep(UInt32(backoff * 1e6))
                backoff = min(2, backoff * 2)
            }
        }
    }

    /// Seconds of silence after which the subscriber asks the server whether it is still there,
    /// and seconds it then waits for the answer before it reconnects.
    static let quietBeforePing = 1.0
    static let pongTimeout = 2.0
    /// Seconds between the store's turns (`onIdle`).
    static let idleInterval = 0.5

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
