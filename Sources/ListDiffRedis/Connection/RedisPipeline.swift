import CListDiffEpoll
import Foundation

/// One non-blocking connection to a Redis or Valkey server, read by the ``RedisEventLoop``:
/// any thread hands it commands with a completion (``submit(_:deadline:_:)``), they go out in
/// the order handed over — written at once by the caller when nothing is queued before them,
/// else by the loop as the socket takes them — and each call's replies come back to its
/// completion, matched in order, on the loop's thread. Many calls are in flight at once.
///
/// A call not answered by its deadline is completed with ``RedisError/timedOut(_:)`` and its
/// replies, when they come, are dropped; the connection closes — failing every call in flight,
/// whose outcome is then unknown — only when the oldest has waited the whole reply timeout
/// (the server stopped answering), or on a transport error or a malformed reply.
final class RedisPipeline: RedisLoopSource, @unchecked Sendable {
    // Sendable argument: `fd`, `outgoing`, `calls`, `head`, `earliest`, `closedWith` and
    // `writeWanted` are only touched while holding `lock`; `parser`, `token` and `interest`
    // only on the loop's thread.
    typealias Completion = @Sendable (Result<[RESPValue], RedisError>) -> Void

    /// A call in flight: how many replies it waits for, those come so far, and whom to tell.
    private struct Call {
        let expected: Int
        var replies: [RESPValue]
        let deadline: Double
        let sentAt: Double
        /// Nil once the call was answered by its deadline instead.
        var completion: Completion?
    }

    let endpoint: RedisEndpoint
    private let loop: RedisEventLoop
    private let replyTimeout: Double
    private let onClose: @Sendable (RedisPipeline) -> Void
    private let lock = NSLock()
    private var fd: Int32
    private var outgoing: [UInt8] = []
    private var calls: [Call] = []
    private var head = 0
    /// No call's deadline is before this (a lower bound: a call answered since may have set it).
    private var earliest = Double.infinity
    private var closedWith: RedisError?
    private var writeWanted = false
    private var parser = RESPReplyParser()
    private var token: UInt64?
    private var interest = UInt32(CLD_READABLE)
    private static let readSize = 64 * 1024

    /// Takes over `connection`'s descriptor (connected, logged in, nothing pending) and starts
    /// reading it on `loop`. `onClose` is told, on the loop's thread, when the connection closes.
    init(
        adopting connection: RedisConnection, loop: RedisEventLoop, replyTimeout: Double,
        onClose: @escaping @Sendable (RedisPipeline) -> Void
    ) {
        endpoint = connection.endpoint
        (fd, parser) = connection.releaseDescriptor()
        self.loop = loop
        self.replyTimeout = replyTimeout
        self.onClose = onClose
        loop.execute { [self] in
            let open = lock.withLock { fd >= 0 }
            if open { token = loop.register(fd, interest: interest, for: self) }
        }
    }

    /// Calls handed over and not yet answered.
    var callsInFlight: Int { lock.withLock { calls.count - head } }

    /// Whether the connection still takes calls.
    var isOpen: Bool { lock.withLock { closedWith == nil } }

    /// Sends `commands` and calls `completion` once with their replies in order (refusals are
    /// `.error` replies), or with why there are none: the connection closed (before or after
    /// they went out), or no reply came by `deadline` (monotonic seconds). On the loop's
    /// thread, except when the connection is already closed: then on the caller's, at once.
    func submit(_ commands: [RESPCommand], deadline: Double, _ completion: @escaping Completion) {
        var bytes: [UInt8] = []
        for command in commands { command.write(into: &bytes) }
        let now = SystemSocket.now()
        lock.lock()
        if let closedWith {
            lock.unlock()
            return completion(.failure(closedWith))
        }
        calls.append(
            Call(expected: commands.count, replies: [], deadline: deadline, sentAt: now, completion: completion))
        earliest = min(earliest, deadline)
        let wasIdle = outgoing.isEmpty
        outgoing += bytes
        let failed = wasIdle ? flushLocked() : nil
        let askLoop = failed != nil || (!outgoing.isEmpty && !writeWanted)
        if !outgoing.isEmpty { writeWanted = true }
        lock.unlock()
        // The loop learns of a deadline sooner than the one it waits for, of bytes the socket
        // did not take, or of a failed send, which closes the connection there.
        if askLoop || deadline < now + replyTimeout {
            loop.execute { [self] in
                if let failed { return close(failed) }
                updateInterest()
            }
        }
    }

    /// Writes what the socket takes of `outgoing`; the error that closes the connection, if any.
    private func flushLocked() -> RedisError? {
        var sent = 0
        while sent < outgoing.count {
            let result = outgoing.withUnsafeBytes { cld_send(fd, $0.baseAddress! + sent, $0.count - sent) }
            if result > 0 {
                sent += result
            } else if result < 0, errno == EINTR {
                continue
            } else if result < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                break
            } else {
                outgoing.removeFirst(sent)
                return .io(errno: result < 0 ? errno : EPIPE)
            }
        }
        outgoing.removeFirst(sent)
        return nil
    }

    // MARK: On the loop's thread

    func handle(_ events: UInt32) {
        if events & UInt32(CLD_WRITABLE) != 0 {
            let failed: RedisError? = lock.withLock {
                let failed = fd >= 0 ? flushLocked() : nil
                if outgoing.isEmpty { writeWanted = false }
                return failed
            }
            if let failed { return close(failed) }
        }
        if events & UInt32(CLD_READABLE | CLD_HANGUP | CLD_ERROR) != 0 { readAvailable() }
        updateInterest()
    }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        while token != nil {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                parser.append(buffer[0..<count])
                deliverReplies()
                if count < Self.readSize { return }
            } else if count == 0 {
                return close(.closed)
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                return close(.io(errno: errno))
            }
        }
    }

    /// Hands every complete reply to its call; calls complete outside the lock, in order.
    private func deliverReplies() {
        var done: [(Completion, [RESPValue])] = []
        while true {
            let reply: RESPValue?
            do {
                reply = try parser.next()
            } catch {
                run(done)
                return close(.malformedReply(error))
            }
            guard let reply else { break }
            let unexpected: Bool = lock.withLock {
                guard head < calls.count else { return true }
                calls[head].replies.append(reply)
                guard calls[head].replies.count == calls[head].expected else { return false }
                if let completion = calls[head].completion { done.append((completion, calls[head].replies)) }
                head += 1
                compactLocked()
                return false
            }
            if unexpected {
                // A reply nobody asked for: the connection is out of step with its calls.
                run(done)
                return close(.malformedReply(RESPProtocolError("a reply no command was waiting for")))
            }
        }
        run(done)
    }

    private func run(_ done: [(Completion, [RESPValue])]) {
        for (completion, replies) in done { completion(.success(replies)) }
    }

    private func compactLocked() {
        if head == calls.count {
            calls.removeAll(keepingCapacity: true)
            head = 0
            earliest = .infinity
        } else if head > 64, head * 2 > calls.count {
            calls.removeFirst(head)
            head = 0
        }
    }

    var nextDeadline: Double? {
        lock.withLock {
            guard head < calls.count else { return nil }
            return min(earliest, calls[head].sentAt + replyTimeout)
        }
    }

    func deadlineReached(now: Double) {
        var expired: [Completion] = []
        let stalled: Bool = lock.withLock {
            guard head < calls.count else { return false }
            if now >= calls[head].sentAt + replyTimeout { return true }
            var soonest = Double.infinity
            for index in head..<calls.count where calls[index].completion != nil {
                if calls[index].deadline <= now, let completion = calls[index].completion {
                    expired.append(completion)
                    calls[index].completion = nil
                } else {
                    soonest = min(soonest, calls[index].deadline)
                }
            }
            earliest = soonest
            return false
        }
        for completion in expired { completion(.failure(.timedOut(replyTimeout))) }
        if stalled { close(.timedOut(replyTimeout)) }
    }

    private func updateInterest() {
        guard let token else { return }
        let wanted = UInt32(CLD_READABLE) | (lock.withLock { writeWanted } ? UInt32(CLD_WRITABLE) : 0)
        guard wanted != interest else { return }
        loop.modify(fd, token: token, from: interest, to: wanted)
        interest = wanted
    }

    /// Closes the connection and fails every call in flight with `error`; later calls fail at once.
    func close(_ error: RedisError) {
        let (failed, descriptor): ([Completion], Int32) = lock.withLock {
            guard closedWith == nil else { return ([], -1) }
            closedWith = error
            let failed = calls[head...].compactMap(\.completion)
            calls = []
            head = 0
            outgoing = []
            defer { fd = -1 }
            return (failed, fd)
        }
        guard descriptor >= 0 else { return }
        if let token { loop.deregister(descriptor, token: token, interest: interest) }
        token = nil
        SystemSocket.close(descriptor)
        for completion in failed { completion(.failure(error)) }
        onClose(self)
    }
}
