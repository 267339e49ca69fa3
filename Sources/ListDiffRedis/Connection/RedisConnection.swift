import ListDiffStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One blocking connection to a Redis or Valkey server, for one thread at a time (a pool hands
/// it out): commands go out pipelined, replies come back in order, and every wait — connecting,
/// sending, each reply — is bounded by a timeout, so a slow or dead server costs a caller at
/// most that long, never a hang; less when the call's ``StoreCallDeadline`` is nearer.
public final class RedisConnection {
    public let endpoint: RedisEndpoint
    private let replyTimeout: Double
    private var fd: Int32
    private var parser = RESPReplyParser()
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Connects (within `connectTimeout` seconds), then authenticates and selects the database
    /// the endpoint names.
    public init(endpoint: RedisEndpoint, connectTimeout: Double, replyTimeout: Double) throws(RedisError) {
        self.endpoint = endpoint
        self.replyTimeout = replyTimeout
        fd = try Self.connect(endpoint.host, endpoint.port, timeout: connectTimeout)
        do throws(RedisError) {
            var setup: [RESPCommand] = []
            if let password = endpoint.password {
                setup.append(
                    RESPCommand((["AUTH"] + (endpoint.username.map { [$0] } ?? []) + [password]).map { Array($0.utf8) })
                )
            }
            if endpoint.database != 0 { setup.append(RESPCommand("SELECT", String(endpoint.database))) }
            for reply in try send(setup) {
                if case .error(let message) = reply { throw .server(message) }
            }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Whether the connection may still be used (no transport error has closed it).
    public var isOpen: Bool { fd >= 0 }

    /// Whether the server is still at the other end, as far as the socket knows without a round
    /// trip: an idle connection whose server went away (restarted, failed over) has its end of
    /// stream waiting. Closes the connection if not. One `poll`, and a `recv` peek if readable.
    public func isAlive() -> Bool {
        guard fd >= 0, parser.pendingBytes == 0 else { return fd >= 0 }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return true }
        var byte: UInt8 = 0
        let peeked = recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        // Data nobody asked for, or the end of the stream: either way not a connection to reuse.
        close()
        return peeked < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    /// Sends `commands` in one write and reads their replies, in order. Refusals are `.error`
    /// replies, not throws; a transport failure throws and closes the connection.
    public func send(_ commands: [RESPCommand]) throws(RedisError) -> [RESPValue] {
        guard !commands.isEmpty else { return [] }
        guard fd >= 0 else { throw .closed }
        let timeout = Self.bounded(replyTimeout)
        // Past the call's deadline nothing is sent: its answer has gone, or is going, out.
        guard timeout > 0 else { throw .timedOut(0) }
        let deadline = SystemSocket.now() + timeout
        do throws(RedisError) {
            var bytes: [UInt8] = []
            for command in commands { command.write(into: &bytes) }
            try writeAll(bytes, deadline: deadline)
            var replies: [RESPValue] = []
            replies.reserveCapacity(commands.count)
            while replies.count < commands.count {
                if let reply = try nextReply() {
                    replies.append(reply)
                    continue
                }
                try readSome(deadline: deadline)
            }
            return replies
        } catch {
            close()
            throw error
        }
    }

    /// Sends one command; a refusal throws ``RedisError/server(_:)``.
    public func call(_ command: RESPCommand) throws(RedisError) -> RESPValue {
        let reply = try send([command])[0]
        if case .error(let message) = reply { throw .server(message) }
        return reply
    }

    /// Sends `command` without waiting for its reply: on a subscribed connection replies come
    /// among the messages, and ``receive(timeout:)`` reads them.
    public func post(_ command: RESPCommand) throws(RedisError) {
        guard fd >= 0 else { throw .closed }
        var bytes: [UInt8] = []
        command.write(into: &bytes)
        do throws(RedisError) {
            try writeAll(bytes, deadline: SystemSocket.now() + replyTimeout)
        } catch {
            close()
            throw error
        }
    }

    /// Waits for one more reply without sending anything (a subscriber's messages), up to
    /// `timeout` seconds; nil when none came.
    public func receive(timeout: Double) throws(RedisError) -> RESPValue? {
        guard fd >= 0 else { throw .closed }
        do throws(RedisError) {
            if let reply = try nextReply() { return reply }
            let deadline = SystemSocket.now() + timeout
            while true {
                guard try waitFor(Int16(POLLIN), until: deadline) else { return nil }
                try readAvailable()
                if let reply = try nextReply() { return reply }
            }
        } catch {
            close()
            throw error
        }
    }

    /// `seconds`, or what is left of the call's ``StoreCallDeadline`` if that is less.
    static func bounded(_ seconds: Double) -> Double {
        guard let left = StoreCallDeadline.secondsLeft else { return seconds }
        return min(seconds, left)
    }

    /// Hands the connected (and logged in) socket over to a ``RedisPipeline``: this connection
    /// is closed from now on, without closing the socket.
    func detachDescriptor() -> Int32 {
        defer { fd = -1 }
        return fd
    }

    public func close() {
        guard fd >= 0 else { return }
        SystemSocket.close(fd)
        fd = -1
    }

    // MARK: Sockets

    private func nextReply() throws(RedisError) -> RESPValue? {
        do {
            return try parser.next()
        } catch {
            throw .malformedReply(error)
        }
    }

    private func writeAll(_ bytes: [UInt8], deadline: Double) throws(RedisError) {
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes { SystemSocket.send(fd, UnsafeRawBufferPointer(rebasing: $0[sent...])) }
            if result > 0 {
                sent += result
            } else if result < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                guard try waitFor(Int16(POLLOUT), until: deadline) else { throw .timedOut(replyTimeout) }
            } else {
                throw .io(errno: result < 0 ? errno : EPIPE)
            }
        }
    }

    private func readSome(deadline: Double) throws(RedisError) {
        guard try waitFor(Int16(POLLIN), until: deadline) else { throw .timedOut(replyTimeout) }
        try readAvailable()
    }

    private func readAvailable() throws(RedisError) {
        let count = readBuffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            parser.append(readBuffer[0..<count])
        } else if count == 0 {
            throw .closed
        } else if errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR {
            throw .io(errno: errno)
        }
    }

    /// Whether `events` came before `deadline` (seconds on the monotonic clock).
    private func waitFor(_ events: Int16, until deadline: Double) throws(RedisError) -> Bool {
        while true {
            let remaining = deadline - SystemSocket.now()
            guard remaining > 0 else { return false }
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let result = poll(&descriptor, 1, Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)))
            if result > 0 { return true }
            if result < 0, errno != EINTR { throw .io(errno: errno) }
        }
    }

    private static func connect(_ host: String, _ port: Int, timeout: Double) throws(RedisError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = SystemSocket.streamType
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            throw .connect(host: host, port: port, errno: EHOSTUNREACH)
        }
        defer { freeaddrinfo(found) }
        let deadline = SystemSocket.now() + timeout
        var lastError = ECONNREFUSED
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let fd = SystemSocket.open(family: address.pointee.ai_family)
            guard fd >= 0 else {
                lastError = errno
                continue
            }
            if SystemSocket.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return fd }
            if errno == EINPROGRESS {
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let remaining = max(0, deadline - SystemSocket.now())
                if poll(&descriptor, 1, Int32((remaining * 1000).rounded(.up))) == 1 {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                    if error == 0 { return fd }
                    lastError = error
                } else {
                    lastError = ETIMEDOUT
                }
            } else {
                lastError = errno
            }
            SystemSocket.close(fd)
        }
        throw .connect(host: host, port: port, errno: lastError)
    }
}
