import CListDiffEpoll
import Foundation
import Glibc

/// One load process of the followers benchmark, on one epoll loop: it seeds its sessions,
/// opens its followers (paced, from its source addresses), reports `ready`, writes at its
/// rate for its seconds once told to go, waits for every follower to reach its session's last
/// version, then reports a `result` line (and its deliveries' latencies to a file).
final class FollowersLoad {
    enum Phase { case seeding, ramping, holding, writing, draining, done }

    let options: FollowersOptions
    let poller: Int32
    let destination: in_addr
    let sourceAddresses: [in_addr?]
    var sessions: [FollowedSession]
    var followers: [FollowerConnection]
    var writers: [WriterConnection] = []
    var idleWriters: [Int] = []
    var phase = Phase.seeding
    var tally = FollowersTally()
    /// Followers to connect, in order, from `nextConnect`.
    var connectQueue: [Int]
    /// Followers and writers refused with 503, each with when it may try again (monotonic ns).
    var pausedFollowers: [(due: UInt64, follower: Int)] = []
    var pausedWriters: [(due: UInt64, writer: Int)] = []
    var nextConnect = 0
    var connecting = 0
    var opened = 0
    var nextSeed = 0
    var seeded = 0
    var writesStarted = 0
    var phaseStart = MonotonicClock.nanoseconds()
    let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 8)
    static let stdinToken = UInt64.max

    init(options: FollowersOptions) throws(SocketFailure) {
        self.options = options
        guard let destination = LoopbackConnector.address(options.host) else {
            throw SocketFailure(call: "inet_pton(\(options.host))", code: EINVAL)
        }
        self.destination = destination
        sourceAddresses = options.sources.map { LoopbackConnector.address($0) }
        poller = cld_poller_create()
        guard poller >= 0 else { throw SocketFailure(call: "epoll_create1", code: errno) }
        sessions = (0..<options.sessionCount).map { FollowedSession(number: options.firstSession + $0) }
        followers = (0..<options.followers).map {
            FollowerConnection(
                session: $0 / options.followersPerSession, source: $0 % options.sources.count,
                port: $0 % options.ports.count)
        }
        connectQueue = Array(followers.indices)
    }

    /// Runs every phase; true when nothing was lost, out of order or in error.
    func run() throws(SocketFailure) -> Bool {
        for index in 0..<options.writers { writers.append(try connectWriter(index, port: index % options.ports.count)) }
        idleWriters = Array(writers.indices)
        if options.waitForGo { cld_poller_add(poller, 0, UInt32(CLD_READABLE), Self.stdinToken) }
        seedSessions()
        var events = [cld_event](repeating: cld_event(), count: 256)
        while phase != .done {
            let count = cld_poller_wait(poller, &events, Int32(events.count), phase == .writing ? 1 : 20)
            guard count >= 0 || errno == EINTR else { throw SocketFailure(call: "epoll_wait", code: errno) }
            for event in events.prefix(Int(max(0, count))) { dispatch(event) }
            advance(now: MonotonicClock.nanoseconds())
        }
        report()
        return tally.lost == 0 && tally.outOfOrder == 0 && tally.errors == 0
    }

    private func dispatch(_ event: cld_event) {
        if event.token == Self.stdinToken {
            readStandardInput()
        } else if event.token < UInt64(followers.count) {
            followerReady(Int(event.token), events: event.events)
        } else {
            writerReady(Int(event.token) - followers.count, events: event.events)
        }
    }

    /// Moves between phases by the clock and the counts.
    private func advance(now: UInt64) {
        let elapsed = Double(now - phaseStart) / 1e9
        // Connects beyond the in-flight bound wait in the queue, during the ramp and after
        // (a thousand followers dropped at once by an instance killed).
        resumePaused(now: now)
        if phase != .seeding && phase != .done { startConnects() }
        switch phase {
        case .seeding, .done:
            break
        case .ramping:
            if opened == followers.count {
                FollowersOutput.line(
                    "ready followers=\(followers.count) ramp-seconds=\(String(format: "%.1f", elapsed))")
                enter(options.waitForGo ? .holding : .writing, now: now)
            } else if elapsed > 300 {
                tally.error("ramp incomplete after 300 s: \(opened) of \(followers.count) followers open")
                enter(.done, now: now)
            }
        case .holding:
            break
        case .writing:
            if elapsed >= options.seconds {
                enter(.draining, now: now)
            } else {
                startWrites(upTo: Int(options.rate * elapsed), now: now)
            }
        case .draining:
            let writing = writers.contains { $0.inFlight != nil } || !pausedFollowers.isEmpty
            let caughtUp = !writing && followers.allSatisfy { $0.version == sessions[$0.session].version }
            if caughtUp || elapsed >= options.drainSeconds { enter(.done, now: now) }
        }
    }

    /// A pause after a 503, as a client honouring `Retry-After: 1` would take it: one second,
    /// jittered (0.5–1.5 s) so that a crowd refused together does not return together.
    static func pauseAfterRefusal(now: UInt64) -> UInt64 {
        now + UInt64.random(in: 500_000_000...1_500_000_000)
    }

    private func resumePaused(now: UInt64) {
        if pausedFollowers.contains(where: { $0.due <= now }) {
            connectQueue += pausedFollowers.filter { $0.due <= now }.map(\.follower)
            pausedFollowers.removeAll { $0.due <= now }
        }
        if pausedWriters.contains(where: { $0.due <= now }) {
            for paused in pausedWriters where paused.due <= now { resendWrite(writer: paused.writer) }
            pausedWriters.removeAll { $0.due <= now }
        }
    }

    func enter(_ next: Phase, now: UInt64) {
        phase = next
        phaseStart = now
    }

    /// The driver's go: a line on standard input starts the writes; its end, before that, the run.
    private func readStandardInput() {
        let count = read(0, scratch.baseAddress, scratch.count)
        if count <= 0 {
            cld_poller_remove(poller, 0, UInt32(CLD_READABLE))
            if phase != .writing && phase != .draining {
                tally.error("standard input closed before the go")
                enter(.done, now: MonotonicClock.nanoseconds())
            }
        } else if phase == .holding && scratch.prefix(count).contains(UInt8(ascii: "\n")) {
            enter(.writing, now: MonotonicClock.nanoseconds())
        }
    }

    /// Counts what was never delivered, prints the result line and writes the latencies.
    private func report() {
        for follower in followers {
            let session = sessions[follower.session]
            if follower.sequence < session.sequence {
                tally.lost(
                    session.sequence - follower.sequence,
                    "a follower of \(session.path) at write \(follower.sequence) (\(follower.version)) of \(session.sequence) (\(session.version)), \(follower.state)"
                )
            } else if follower.version != session.version {
                tally.lost(1, "a follower of \(session.path) at \(follower.version), not \(session.version)")
            }
        }
        let heartbeats = followers.reduce(0) { $0 + $1.events.comments }
        FollowersOutput.line(
            "result writes=\(tally.writes) deliveries=\(tally.deliveries.count) checked=\(tally.checked)"
                + " lost=\(tally.lost) out-of-order=\(tally.outOfOrder) errors=\(tally.errors)"
                + " reconnects=\(tally.reconnects) refusals=\(tally.refusals) heartbeats=\(heartbeats) behind=\(max(0, Int(options.rate * options.seconds) - writesStarted))"
        )
        guard let path = options.samplesPath else { return }
        var lines = ""
        for delivery in tally.deliveries {
            let session = sessions[Int(delivery.session)]
            let sequence = Int(delivery.sequence)
            guard sequence < session.sent.count else { continue }
            let fromSend = Int64(delivery.read) - Int64(session.sent[sequence])
            let fromAnswer = Int64(delivery.read) - Int64(session.answered[sequence])
            lines += "\(fromSend / 1000) \(fromAnswer / 1000)\n"
        }
        if !FileManager.default.createFile(atPath: path, contents: Data(lines.utf8)) {
            tally.error("could not write \(path)")
        }
    }
}
