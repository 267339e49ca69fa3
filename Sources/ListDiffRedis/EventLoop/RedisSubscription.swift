import CListDiffEpoll
import Foundation

/// A subscribed connection read by the ``RedisEventLoop``: every message goes to `onMessage`;
/// a connection quiet for ``quietBeforePing`` is asked with a `PING`, and one that does not
/// answer within ``pongTimeout`` — a partition, a host gone, which read as a quiet channel — is
/// closed; every ``idleInterval`` the owner gets a turn (`onIdle`) to retry what failed. Closing
/// for any reason tells `onClose` once (not after ``stop()``). All of it on the loop's thread.
final class RedisSubscription: RedisLoopSource, @unchecked Sendable {
    // Sendable argument: every stored property but `loop` is touched only on the loop's thread.
    static let quietBeforePing = 1.0
    static let pongTimeout = 2.0
    static let idleInterval = 0.5

    private let loop: RedisEventLoop
    private var fd: Int32
    private var parser: RESPReplyParser
    private var token: UInt64?
    private var heardAt: Double
    private var pingedAt: Double?
    private var idleAt: Double
    private let onMessage: @Sendable ([UInt8]) -> Void
    private let onIdle: @Sendable () -> Void
    private let onClose: @Sendable () -> Void

    /// Takes over `connection` (subscribed already) and reads it on `loop`.
    init(
        adopting connection: RedisConnection, loop: RedisEventLoop, onMessage: @escaping @Sendable ([UInt8]) -> Void,
        onIdle: @escaping @Sendable () -> Void, onClose: @escaping @Sendable () -> Void
    ) {
        (fd, parser) = connection.releaseDescriptor()
        self.loop = loop
        self.onMessage = onMessage
        self.onIdle = onIdle
        self.onClose = onClose
        let now = SystemSocket.now()
        heardAt = now
        idleAt = now + Self.idleInterval
        loop.execute { [self] in
            token = loop.register(fd, interest: UInt32(CLD_READABLE), for: self)
            // Messages read with the subscription's reply, before the loop took over.
            deliver()
        }
    }

    /// Closes the connection without telling `onClose`.
    func stop() {
        loop.execute { [self] in close(notify: false) }
    }

    func handle(_ events: UInt32) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while token != nil {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                parser.append(buffer[0..<count])
                heardAt = SystemSocket.now()
                deliver()
                if count < buffer.count { return }
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                return close(notify: true)
            }
        }
    }

    private func deliver() {
        while token != nil {
            let message: RESPValue?
            do {
                message = try parser.next()
            } catch {
                return close(notify: true)
            }
            guard case .array(let parts?)? = message else {
                if message == nil { return }
                continue
            }
            if parts.first?.string == "pong" {
                pingedAt = nil
            } else if parts.count == 3, parts[0].string == "message", case .bulkString(let payload?) = parts[2] {
                onMessage(payload)
            }
        }
    }

    var nextDeadline: Double? {
        guard token != nil else { return nil }
        return min(idleAt, pingedAt.map { $0 + Self.pongTimeout } ?? heardAt + Self.quietBeforePing)
    }

    func deadlineReached(now: Double) {
        if let pingedAt, now - pingedAt >= Self.pongTimeout { return close(notify: true) }
        if pingedAt == nil, now - heardAt >= Self.quietBeforePing {
            var ping: [UInt8] = []
            RESPCommand("PING").write(into: &ping)
            // A few bytes into an idle socket: a send that does not take them is a broken one.
            guard ping.withUnsafeBytes({ cld_send(fd, $0.baseAddress, $0.count) }) == ping.count else {
                return close(notify: true)
            }
            pingedAt = now
        }
        if now >= idleAt {
            idleAt = now + Self.idleInterval
            onIdle()
        }
    }

    private func close(notify: Bool) {
        guard let token else { return }
        loop.deregister(fd, token: token, interest: UInt32(CLD_READABLE))
        self.token = nil
        SystemSocket.close(fd)
        fd = -1
        if notify { onClose() }
    }
}
