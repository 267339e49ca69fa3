import CListDiffEpoll
import Glibc

extension FollowersLoad {
    /// A connection for writer `index` to the port at `port`, from the destination's own
    /// address, connected before use (writers are few: a short blocking wait is simpler than
    /// another connecting state).
    func connectWriter(_ index: Int, port: Int) throws(SocketFailure) -> WriterConnection {
        let fd = try LoopbackConnector.start(from: nil, to: destination, port: options.ports[port])
        var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let code = poll(&ready, 1, 5000) == 1 ? LoopbackConnector.pendingError(fd) : ETIMEDOUT
        guard code == 0 else {
            close(fd)
            throw SocketFailure(call: "connect (writer)", code: code)
        }
        cld_poller_add(poller, fd, UInt32(CLD_READABLE), UInt64(followers.count + index))
        return WriterConnection(fd: fd, port: port)
    }

    /// Writes each session's first version (sequence 0), on every idle writer, in turn.
    func seedSessions() {
        while nextSeed < sessions.count, let writer = idleWriters.popLast() {
            sendWrite(writer: writer, session: nextSeed, sequence: 0)
            nextSeed += 1
        }
    }

    /// Starts writes until `target` have started, each to a random session with none in flight.
    func startWrites(upTo target: Int, now: UInt64) {
        while writesStarted < target, let writer = idleWriters.popLast() {
            guard
                let session = (0..<16).lazy.map({ _ in Int.random(in: 0..<self.sessions.count) })
                    .first(where: { !self.sessions[$0].writing })
            else {
                idleWriters.append(writer)
                return
            }
            sessions[session].sent.append(now)
            sessions[session].answered.append(0)
            sendWrite(writer: writer, session: session, sequence: sessions[session].sent.count - 1)
            writesStarted += 1
        }
    }

    /// Sends the write a writer holds again (after a pause: the server refused it with 503,
    /// which changed nothing).
    func resendWrite(writer index: Int) {
        guard let (session, sequence) = writers[index].inFlight else { return }
        sendWrite(writer: index, session: session, sequence: sequence)
    }

    private func sendWrite(writer index: Int, session: Int, sequence: Int) {
        let body = WriteBodyFields.body(sequence: sequence)
        let request =
            "PUT \(sessions[session].path) HTTP/1.1\r\nHost: listdiff\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        sessions[session].writing = true
        writers[index].inFlight = (session, sequence)
        writers[index].unsent = Array(request.utf8)
        flushWriter(index)
    }

    private func flushWriter(_ index: Int) {
        let writer = writers[index]
        let sent = writer.unsent.withUnsafeBytes { cld_send(writer.fd, $0.baseAddress, $0.count) }
        if sent < 0 && errno != EAGAIN && errno != EINTR {
            reopenWriter(index, reason: "send: \(String(cString: strerror(errno)))", dropped: true)
            return
        }
        if sent > 0 { writer.unsent.removeFirst(sent) }
        let interest = UInt32(CLD_READABLE) | (writer.unsent.isEmpty ? 0 : UInt32(CLD_WRITABLE))
        cld_poller_modify(poller, writer.fd, 0, interest, UInt64(followers.count + index))
    }

    func writerReady(_ index: Int, events: UInt32) {
        let writer = writers[index]
        if events & UInt32(CLD_WRITABLE) != 0 && !writer.unsent.isEmpty { flushWriter(index) }
        guard events & UInt32(CLD_READABLE | CLD_HANGUP | CLD_ERROR) != 0 else { return }
        let count = recv(writer.fd, scratch.baseAddress, scratch.count, 0)
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
        guard count > 0 else {
            reopenWriter(
                index, reason: count == 0 ? "closed by the server" : String(cString: strerror(errno)), dropped: true)
            return
        }
        for part in writer.response.read(UnsafeRawBufferPointer(rebasing: scratch.prefix(count))) {
            guard case .response(let status, let body, let closes) = part else {
                reopenWriter(index, reason: "not a plain response: \(part)")
                return
            }
            if status == 503, !closes {
                tally.refused(body)
                pausedWriters.append((Self.pauseAfterRefusal(now: MonotonicClock.nanoseconds()), index))
                continue
            }
            written(index, status: status, to: WriteBodyFields.string("to", in: body))
            if closes { reopenWriter(index, reason: nil) }
        }
    }

    /// A write's answer: the session's new version, or the write forgotten and an error counted.
    private func written(_ index: Int, status: Int, to version: String?) {
        guard let (session, sequence) = writers[index].inFlight else {
            tally.error("writer \(index): an answer to no request")
            return
        }
        writers[index].inFlight = nil
        sessions[session].writing = false
        if status == 200 || status == 201, let version {
            sessions[session].version = version
            sessions[session].sequence = sequence
            sessions[session].answered[sequence] = MonotonicClock.nanoseconds()
            if sequence > 0 { tally.writes += 1 } else { seeded += 1 }
        } else {
            tally.error("PUT \(sessions[session].path) answered \(status)")
            if sequence > 0 {
                sessions[session].sent.removeLast()
                sessions[session].answered.removeLast()
            } else {
                seeded += 1
            }
        }
        idleWriters.append(index)
        if phase == .seeding {
            seedSessions()
            if seeded == sessions.count { startRamp() }
        }
    }

    /// Replaces a writer the server closed (an idle keep-alive timeout between phases, say);
    /// a write in flight on it is counted as an error and forgotten. Under `--failover` a
    /// writer `dropped` moves to the next port that takes it and sends its write there again.
    private func reopenWriter(_ index: Int, reason: String?, dropped: Bool = false) {
        let old = writers[index]
        cld_poller_remove(poller, old.fd, 0)
        close(old.fd)
        let failover = dropped && options.failover
        if let reason, !failover { tally.error("writer \(index): \(reason)") }
        if old.inFlight != nil && !failover { written(index, status: 0, to: nil) }
        idleWriters.removeAll { $0 == index }
        var port = failover ? (old.port + 1) % options.ports.count : old.port
        for _ in 0..<(failover ? options.ports.count : 1) {
            do {
                writers[index] = try connectWriter(index, port: port)
                if let (session, sequence) = old.inFlight, failover {
                    writers[index].inFlight = old.inFlight
                    sendWrite(writer: index, session: session, sequence: sequence)
                } else {
                    idleWriters.append(index)
                }
                if failover { tally.reconnects += 1 }
                return
            } catch {
                port = (port + 1) % options.ports.count
            }
        }
        if old.inFlight != nil && failover { written(index, status: 0, to: nil) }
        tally.error("writer \(index) not reopened")
    }
}
