import Foundation
import ListDiffHTTP
import ListDiffStore

/// Keeps one event stream up to its snapshot: waits on the store for the version after the
/// one its client holds, sends it as one event, waits again — no thread held while it waits.
///
/// A slow reader is not sent a queue of events: when a version arrives while the stream's last
/// event is still unsent, the stream is `held`, and when its bytes have drained one `changes`
/// event goes from the client's version to the newest (coalescing). A store failure ends the
/// stream with an event saying why; the client comes back by `Last-Event-ID`. A stream opened
/// with a token ends when the token does (with its leeway), as a request would be refused then.
///
///     following ──wait registered──▶ waiting ──version──▶ following (event sent)
///     waiting ──version while bytes unsent──▶ held ──drained──▶ following (one event)
///     any ──stream ended, snapshot gone, store failed──▶ ended
///
/// In `following` exactly one thread is running ``follow()``; an answer that comes before that
/// thread has recorded its wait — at once when the client's version is no longer current
/// (``SnapshotStore/nextChanges(at:since:options:_:)``), or from a write meanwhile — is kept as
/// `early` for it. Each wait is answered once, so an early answer always belongs to the wait
/// just registered.
final class EventStreamFollower: @unchecked Sendable {
    // Sendable argument: `state` and `version` are only touched while holding `lock`.
    private enum State {
        case following(early: Result<SnapshotChanges, StoreError>?)
        case waiting(ChangeWait)
        case held
        case ended
    }

    private let service: ListDiffService
    private let stream: HTTPResponseStream
    private let address: SnapshotAddress
    private let format: ChangesetFormat
    private let lock = NSLock()
    private var state = State.following(early: nil)
    /// The version the client holds once every event sent so far has reached it.
    private var version: SnapshotVersion
    /// When the token the stream was opened with stops being accepted (seconds since 1970).
    private let tokenEndsAt: Double?

    init(
        service: ListDiffService, stream: HTTPResponseStream, address: SnapshotAddress, format: ChangesetFormat,
        version: SnapshotVersion, tokenEndsAt: Double?
    ) {
        self.service = service
        self.stream = stream
        self.address = address
        self.format = format
        self.version = version
        self.tokenEndsAt = tokenEndsAt
    }

    /// Starts following: the stream's drains and end reach this follower from now on.
    func start() {
        stream.onDrain { [self] in drained() }
        stream.onEnd { [self] _ in ended() }
        if let tokenEndsAt {
            // On the stream's loop timer heap: forgotten when the stream ends, so a stream
            // closed early holds nothing until its token's end.
            stream.end(at: tokenEndsAt) { [self] in end(with: TokenFailure.expired.problem, kind: .reconnect) }
        }
        work { [self] in follow() }
    }

    // MARK: Moves

    /// What ``follow()`` does once the store has taken (or refused) its wait.
    private enum Step {
        /// The wait was answered before it was recorded: send that answer.
        case answer(Result<SnapshotChanges, StoreError>)
        /// The wait is recorded: nothing to do until it is answered.
        case waiting
        /// The stream ended meanwhile.
        case stop
    }

    /// Registers a wait since the client's version; when that is answered before it is
    /// recorded (the version is no longer current), sends what changed and registers again.
    /// Runs only in `following`, on one thread.
    private func follow() {
        while true {
            let since = lock.withLock { version }
            let wait = service.store.nextChanges(at: address, since: since, options: format.options) {
                [self] answer in woken(answer)
            }
            let step: Step = lock.withLock {
                switch state {
                case .following(let early?):
                    state = .following(early: nil)
                    return .answer(early)
                case .following(nil):
                    state = .waiting(wait)
                    return .waiting
                case .ended:
                    return .stop
                case .waiting, .held:
                    preconditionFailure("a follower moved while its one following thread was registering")
                }
            }
            switch step {
            case .waiting:
                return
            case .stop:
                wait.cancel()
                return
            case .answer(let early):
                guard handle(early) else { return }
            }
        }
    }

    /// The store answered the wait (on the writer's thread, or the subscriber's).
    private func woken(_ answer: Result<SnapshotChanges, StoreError>) {
        let proceed: Bool = lock.withLock {
            switch state {
            case .following(nil):
                state = .following(early: answer)
                return false
            case .waiting:
                state = .following(early: nil)
                return true
            case .following(.some), .held, .ended:
                return false
            }
        }
        guard proceed else { return }
        work { [self] in
            if handle(answer) { follow() }
        }
    }

    /// Every byte sent so far has been written (on the stream's loop).
    private func drained() {
        let resume: Bool = lock.withLock {
            guard case .held = state else { return false }
            state = .following(early: nil)
            return true
        }
        if resume { work { [self] in follow() } }
    }

    /// The transport ended the stream (client gone, slow reader, shutdown).
    private func ended() {
        let wait: ChangeWait? = lock.withLock {
            defer { state = .ended }
            if case .waiting(let wait) = state { return wait }
            return nil
        }
        wait?.cancel()
    }

    // MARK: Events

    /// Sends what `answer` brings, unless the last event is still unsent (then holds).
    /// Returns whether to go on following. Runs in `following`.
    private func handle(_ answer: Result<SnapshotChanges, StoreError>) -> Bool {
        let changes: SnapshotChanges
        switch answer {
        case .failure(let error):
            fail(error)
            return false
        case .success(let success):
            changes = success
        }
        if isHeldWhileUnsent() { return false }
        let (event, next) = service.streamEvent(for: changes, at: address, format: format)
        let going: Bool = lock.withLock {
            guard case .following = state else { return false }
            version = next
            return true
        }
        guard going else { return false }
        if let event { send(event) }
        return true
    }

    /// Whether to stop following because the stream's last event is still unsent: the stream
    /// is then `held`, and its drain resumes it (the answer in hand is dropped; the resumed
    /// follower asks for everything since the client's version, the coalesced event). Also
    /// true when the stream ended meanwhile.
    private func isHeldWhileUnsent() -> Bool {
        guard stream.unsentBytes > 0 else { return false }
        let held: Bool = lock.withLock {
            guard case .following = state else { return false }
            state = .held
            return true
        }
        guard held else { return true }
        // The bytes may have drained between the check and the hold: no drain would come then.
        if stream.unsentBytes == 0 {
            let resumed: Bool = lock.withLock {
                guard case .held = state else { return false }
                state = .following(early: nil)
                return true
            }
            if resumed { return false }
        }
        service.streamMetrics.coalescedVersion()
        return true
    }

    /// Ends the stream with what the store said: `deleted` when the snapshot or its session
    /// is gone, `reconnect` when the store could not answer.
    private func fail(_ error: StoreError) {
        let gone: Bool
        switch error {
        case .gone, .notFound, .sessionNotFound: gone = true
        default: gone = false
        }
        end(
            with: service.storeCalls.problem(error, configuration: service.configuration),
            kind: gone ? .deleted : .reconnect)
    }

    /// Ends the stream with one last event of `kind` carrying `problem`, unless it ended already.
    private func end(with problem: ServiceProblem, kind: ServerSentEvent.Kind) {
        let wait: ChangeWait?? = lock.withLock {
            defer { state = .ended }
            switch state {
            case .ended: return .none
            case .waiting(let wait): return .some(wait)
            case .following, .held: return .some(nil)
            }
        }
        guard let wait else { return }
        wait?.cancel()
        send(ServerSentEvent(kind: kind, id: nil, data: problem.jsonBytes))
        stream.finish()
    }

    private func send(_ event: ServerSentEvent) {
        if stream.send(parts: event.parts) { service.streamMetrics.sent(event.kind) }
    }

    /// Runs `body` as a store call of the service's executor (``StoreCalls``: inline with the
    /// memory store, on its threads with one across the network, its deadline counted from
    /// now); a call it refuses (its queue full, its deadline passed) ends the stream with a
    /// `reconnect` event saying so.
    private func work(_ body: @escaping @Sendable () -> Void) {
        service.storeCalls.schedule(body) { [self] problem in end(with: problem, kind: .reconnect) }
    }
}
