import CListDiffEpoll
import Glibc
import ListDiffClient

extension FollowersLoad {
    /// Every session seeded: each follower starts from its session's first version.
    func startRamp() {
        for follower in followers {
            follower.version = sessions[follower.session].version
        }
        enter(.ramping, now: MonotonicClock.nanoseconds())
        startConnects()
    }

    /// Starts connects until `connectsInFlight` are in progress (a burst of SYNs past the
    /// server's accept backlog would be retried a second later, a ramp artefact).
    func startConnects() {
        while connecting < options.connectsInFlight, nextConnect < connectQueue.count {
            let index = connectQueue[nextConnect]
            nextConnect += 1
            let follower = followers[index]
            do {
                follower.fd = try LoopbackConnector.start(
                    from: sourceAddresses[follower.source], to: destination, port: options.ports[follower.port])
            } catch {
                tally.error("follower \(index): \(error)")
                connectQueue.append(index)
                return
            }
            follower.state = .connecting
            connecting += 1
            cld_poller_add(poller, follower.fd, UInt32(CLD_WRITABLE), UInt64(index))
        }
        if nextConnect > 4096 && nextConnect == connectQueue.count {
            connectQueue.removeAll()
            nextConnect = 0
        }
    }

    func followerReady(_ index: Int, events: UInt32) {
        let follower = followers[index]
        if follower.state == .connecting {
            connecting -= 1
            follower.state = .open
            let code = LoopbackConnector.pendingError(follower.fd)
            guard code == 0 else {
                reconnect(index, reason: "connect: \(String(cString: strerror(code)))", dropped: true)
                return
            }
            follower.unsent = request(for: follower)
        }
        if !follower.unsent.isEmpty {
            flushFollower(index)
            return
        }
        let count = recv(follower.fd, scratch.baseAddress, scratch.count, 0)
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
        guard count > 0 else {
            reconnect(
                index, reason: count == 0 ? "closed by the server" : String(cString: strerror(errno)), dropped: true)
            return
        }
        let now = MonotonicClock.nanoseconds()
        for part in follower.response.read(UnsafeRawBufferPointer(rebasing: scratch.prefix(count))) {
            guard follower.state == .open else { return }
            read(part, follower: index, now: now)
        }
    }

    /// The request that follows from the follower's version: a long poll or an event stream.
    /// A follower's first poll waits a random part of `pollWait`, so that deadlines (and the
    /// re-polls they bring) are spread over time as in a steady state, not all at once a
    /// `pollWait` after the ramp.
    private func request(for follower: FollowerConnection) -> [UInt8] {
        let path = sessions[follower.session].path
        switch options.mode {
        case .polls:
            let wait = follower.opened ? options.pollWait : Int.random(in: 1...max(1, options.pollWait))
            return Array(
                "GET \(path)/changes?since=\(follower.version)&wait=\(wait)&include=values HTTP/1.1\r\nHost: listdiff\r\n\r\n"
                    .utf8)
        case .streams:
            return Array(
                "GET \(path)/events?since=\(follower.version)&include=values HTTP/1.1\r\nHost: listdiff\r\nAccept: text/event-stream\r\n\r\n"
                    .utf8)
        }
    }

    private func flushFollower(_ index: Int) {
        let follower = followers[index]
        let sent = follower.unsent.withUnsafeBytes { cld_send(follower.fd, $0.baseAddress, $0.count) }
        if sent < 0 && errno != EAGAIN && errno != EINTR {
            reconnect(index, reason: "send: \(String(cString: strerror(errno)))", dropped: true)
            return
        }
        if sent > 0 { follower.unsent.removeFirst(sent) }
        guard follower.unsent.isEmpty else {
            cld_poller_modify(poller, follower.fd, 0, UInt32(CLD_WRITABLE), UInt64(index))
            return
        }
        cld_poller_modify(poller, follower.fd, 0, UInt32(CLD_READABLE), UInt64(index))
        // A poll is open once asked; a stream once the server answered its head (a stream
        // refused with 503 was never open: the idle window must not hold the retries).
        if options.mode == .polls { markOpen(index) }
    }

    private func markOpen(_ index: Int) {
        guard !followers[index].opened else { return }
        followers[index].opened = true
        opened += 1
    }

    private func read(_ part: HTTPResponseReader.Part, follower index: Int, now: UInt64) {
        let follower = followers[index]
        switch part {
        case .response(let status, let body, let closes):
            if status == 503 {
                tally.refused(body)
                pause(index, now: now)
                return
            }
            guard status == 200 else {
                reconnect(index, reason: "answered \(status): \(String(decoding: body.prefix(200), as: UTF8.self))")
                return
            }
            check(
                follower: index, from: WriteBodyFields.string("from", in: body),
                to: WriteBodyFields.string("to", in: body), sequence: WriteBodyFields.sequence(in: body), now: now)
            guard options.mode == .polls, !closes else {
                reconnect(index, reason: closes ? nil : "a whole answer to a stream request")
                return
            }
            follower.unsent = request(for: follower)
            flushFollower(index)
        case .streamHead(let status):
            if status == 200 { markOpen(index) } else { reconnect(index, reason: "stream answered \(status)") }
        case .streamData(let bytes):
            for event in follower.events.feed(bytes) { read(event, follower: index, now: now) }
        case .streamEnd:
            reconnect(index, reason: "the stream ended", dropped: true)
        case .malformed(let message):
            reconnect(index, reason: message)
        }
    }

    private func read(_ event: ServerSentEvent, follower index: Int, now: UInt64) {
        switch event.type {
        case "changes":
            let to = WriteBodyFields.string("to", in: event.data.utf8)
            if event.id != to { tally.error("follower \(index): event id \(event.id ?? "none") is not its to") }
            check(
                follower: index, from: WriteBodyFields.string("from", in: event.data.utf8), to: to,
                sequence: WriteBodyFields.sequence(in: event.data.utf8), now: now)
        case "reconnect" where options.failover:
            break
        case "snapshot", "reset", "deleted", "reconnect":
            tally.error("follower \(index): an event \(event.type) (it follows from a version the server has)")
        default:
            break
        }
    }

    /// Checks an answer or event against the follower's version: it must start there; the
    /// write it names must not be older than the last delivered. Records each write it delivers
    /// (one answer may bring several when a follower's re-poll or unsent event coalesces them).
    private func check(follower index: Int, from: String?, to: String?, sequence: Int?, now: UInt64) {
        let follower = followers[index]
        guard let from, let to else {
            tally.error("follower \(index): an answer without from and to")
            return
        }
        tally.checked += 1
        if from != follower.version {
            tally.lost(
                1, "follower \(index) at \(follower.version) got \(from) → \(to) (port \(options.ports[follower.port]))"
            )
        }
        follower.version = to
        guard from != to, let sequence else { return }
        if sequence < follower.sequence {
            tally.outOfOrder += 1
        } else if sequence > follower.sequence {
            for delivered in (follower.sequence + 1)...sequence {
                tally.deliveries.append(
                    .init(session: Int32(follower.session), sequence: Int32(delivered), read: now))
            }
            follower.sequence = sequence
        }
    }

    /// The server refused the follower (503): it connects again after a pause.
    private func pause(_ index: Int, now: UInt64) {
        if followers[index].opened {
            followers[index].opened = false
            opened -= 1
        }
        followers[index].closeConnection()
        pausedFollowers.append((Self.pauseAfterRefusal(now: now), index))
    }

    /// Closes a follower's connection and queues it to connect again from its version (an
    /// error unless `reason` is nil: the server asked to close). A connection `dropped` (closed,
    /// reset or refused) under `--failover` goes to the next port, and is no error.
    private func reconnect(_ index: Int, reason: String?, dropped: Bool = false) {
        let follower = followers[index]
        if dropped && options.failover {
            follower.port = (follower.port + 1) % options.ports.count
        } else if let reason {
            tally.error("follower \(index): \(reason)")
        }
        if follower.state == .connecting { connecting -= 1 }
        follower.closeConnection()
        tally.reconnects += 1
        connectQueue.append(index)
        startConnects()
    }
}
