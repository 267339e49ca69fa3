import ListDiff
import ListDiffWire

/// Keeps a local copy of one server snapshot and follows it: reads its event stream
/// (`GET …/events`, one connection for as long as it follows), or long-polls its changes where
/// the server has no stream — either way with the fresh elements (`include=values`) — applies each changeset to the copy through the
/// engine's batch-update simulator (a changeset that would crash a collection view is caught,
/// not shown), checks the digest of the result against the server's, and reads the snapshot
/// again when the server answers a reset or when the digest disagrees. A snapshot read whole
/// is checked too: if its own digest disagrees, `updates` ends with the error rather than
/// reading again and again.
///
/// Outline sections: a changeset moves their *visible rows*, and the view is given those
/// (``MirrorUpdate/snapshot``); the hidden part of a tree is not in a changeset, so after each
/// change of a snapshot with outlines the mirror reads the tree (one `GET`) and keeps it as
/// ``copy`` when its digest is the changeset's and its visible rows are the plan's.
///
///     let mirror = client.session("s").snapshot("feed").mirror()
///     await mirror.start()
///     for try await update in mirror.updates {
///         dataSource.apply(update.plan)   // or reloadData() when update.plan.isReload
///     }
///
/// Following (``start()``) opens the stream from the copy's version (without one, the stream's
/// first event is the snapshot) and treats each `changes` event as a long poll's answer; a
/// `reset` event is adopted; `deleted` is a missing snapshot; a dropped stream or the server's
/// `reconnect` farewell is opened again from the copy's version after the retry pause, so
/// nothing is missed and no reset follows. With ``Transport/automatic`` a server that answers
/// the stream's route as unknown (a 404 that is not a missing snapshot, 405, 501, or not an
/// event stream) is long-polled instead. ``synchronize(wait:)`` is always one long-poll step.
///
/// `updates` has one consumer. Transient failures (no answer, 5xx) are retried with backoff;
/// a missing snapshot is waited for (a restarted server is empty until written to) unless
/// the configuration says otherwise; other problems (401, 403, 400) end `updates` with the
/// error.
public actor SnapshotMirror {
    /// How the mirror follows.
    public struct Configuration: Sendable {
        /// How long each long poll waits for the next version (the server caps it).
        public var wait: Duration
        /// The first pause after a failure; doubled after each further one, up to `maxRetryDelay`.
        public var retryDelay: Duration
        public var maxRetryDelay: Duration
        /// Whether a 404 (snapshot or session missing) is waited out (true) or ends `updates`.
        public var waitsForMissingSnapshot: Bool
        /// Whether changed content arrives as reconfigures (default) or reloads.
        public var updates: DiffOptions.ContentUpdateStyle
        /// Event stream or long polls.
        public var transport: Transport
        /// How long a stream may stay silent before it counts as dropped and is opened again;
        /// the server's heartbeat (every 30 s by default) keeps a healthy one under it, with
        /// room for a late one (2.5 heartbeats: one lost or delayed is not a drop).
        public var streamIdleTimeout: Duration
        /// With ``Transport/automatic``, how long the mirror long-polls a server without the
        /// stream before it tries the stream again (during a rolling upgrade the next answer
        /// may come from an instance that has it).
        public var streamRetryAfterFallback: Duration

        public init(
            wait: Duration = .seconds(30), retryDelay: Duration = .milliseconds(100),
            maxRetryDelay: Duration = .seconds(5),
            waitsForMissingSnapshot: Bool = true, updates: DiffOptions.ContentUpdateStyle = .reconfigure,
            transport: Transport = .automatic, streamIdleTimeout: Duration = .seconds(75),
            streamRetryAfterFallback: Duration = .seconds(300)
        ) {
            self.transport = transport
            self.streamIdleTimeout = streamIdleTimeout
            self.streamRetryAfterFallback = streamRetryAfterFallback
            self.wait = wait
            self.retryDelay = retryDelay
            self.maxRetryDelay = maxRetryDelay
            self.waitsForMissingSnapshot = waitsForMissingSnapshot
            self.updates = updates
        }
    }

    /// What the mirror has done so far.
    public struct Statistics: Hashable, Sendable {
        public var changesApplied = 0
        public var serverResets = 0
        public var digestMismatches = 0
        public var invalidChangesets = 0
        public var retries = 0
        /// Trees of snapshots with outline sections read after their changesets.
        public var treesRead = 0
        /// Event streams opened (the first and every reconnect).
        public var streamsOpened = 0
        /// Events of a stream that moved the copy (`snapshot`, `changes`, `reset`).
        public var eventsApplied = 0
        /// Long polls sent (``synchronize(wait:)`` steps that asked for changes).
        public var longPolls = 0
        /// The server had no event stream, so the mirror long-polls (until it tries the stream
        /// again, ``Configuration/streamRetryAfterFallback`` later).
        public var fellBackToLongPolls = false
    }

    public let remote: RemoteSnapshot
    public let configuration: Configuration
    /// The local copy: nil until the first synchronization.
    public private(set) var copy: VersionedSnapshot? {
        didSet { resumeWaiters() }
    }
    private var copyWaiters: [(version: SnapshotVersion, continuation: CheckedContinuation<Void, Never>)] = []
    public internal(set) var statistics = Statistics()
    /// Every change of the copy, in order, while following (``start()``).
    public nonisolated let updates: AsyncThrowingStream<MirrorUpdate, any Error>
    let continuation: AsyncThrowingStream<MirrorUpdate, any Error>.Continuation
    private var follower: Task<Void, Never>?

    public init(following remote: RemoteSnapshot, configuration: Configuration = Configuration()) {
        self.remote = remote
        self.configuration = configuration
        (updates, continuation) = AsyncThrowingStream.makeStream(of: MirrorUpdate.self, bufferingPolicy: .unbounded)
    }

    /// Starts following in a task of its own; `updates` yields each change. Idempotent.
    public func start() {
        guard follower == nil else { return }
        follower = Task { await self.follow() }
    }

    /// Stops following and finishes `updates`. The copy stays as it is; callers waiting in
    /// ``waitUntilCopyReaches(_:)`` go on.
    public func stop() {
        follower?.cancel()
        follower = nil
        continuation.finish()
        for waiter in copyWaiters { waiter.continuation.resume() }
        copyWaiters = []
    }

    /// Suspends until the copy holds `version` or a later version of the same server process
    /// (a write's own version, say, to read one's writes), or until ``stop()``.
    public func waitUntilCopyReaches(_ version: SnapshotVersion) async {
        if copy?.version.isAtLeast(version) == true { return }
        await withCheckedContinuation { continuation in copyWaiters.append((version, continuation)) }
    }

    private func resumeWaiters() {
        guard let held = copy?.version else { return }
        copyWaiters.removeAll { waiter in
            guard held.isAtLeast(waiter.version) else { return false }
            waiter.continuation.resume()
            return true
        }
    }

    /// One step, for callers that drive the mirror themselves: reads the first copy, or
    /// waits (up to `wait`, the configured one by default) for the next version and applies
    /// it. Nil when the wait ended without a change.
    public func synchronize(wait: Duration? = nil) async throws(ListDiffClientError) -> MirrorUpdate? {
        guard let base = copy else {
            return try adopt(try await remote.get(), reason: .initial, previous: WireSnapshot())
        }
        statistics.longPolls += 1
        let answer = try await remote.changes(
            since: base.version, wait: wait ?? configuration.wait,
            options: ChangesetOptions(updates: configuration.updates), includeValues: true)
        // Another synchronization moved the copy meanwhile (the actor is reentrant): this
        // answer is about a version it no longer holds.
        guard copy?.version == base.version else { return nil }
        return try await take(answer, at: base)
    }

    /// What one long poll's answer or one stream event brings to `base`: a reset adopted, a
    /// change applied; nothing when it changes nothing, or when the copy was read whole
    /// meanwhile (a mismatch's re-read) and is already past it.
    func take(_ answer: SnapshotChanges, at base: VersionedSnapshot) async throws(ListDiffClientError)
        -> MirrorUpdate?
    {
        switch answer {
        case .reset(let snapshot):
            statistics.serverResets += 1
            return try adopt(snapshot, reason: .serverReset, previous: base.snapshot)
        case .changes(let change) where change.isUnchanged:
            return nil
        case .changes(let change) where change.from != base.version && base.version.isAtLeast(change.to):
            return nil
        case .changes(let change):
            return try await apply(change, to: base)
        }
    }

    /// Applies `change` to `base` and checks it; reads the snapshot again when it does not hold.
    func apply(_ change: SnapshotChange, to base: VersionedSnapshot) async throws(ListDiffClientError)
        -> MirrorUpdate?
    {
        let shown = base.snapshot.visibleRows
        let plan: ViewUpdatePlan
        do throws(BatchUpdateViolation) {
            guard change.from == base.version, case .batch(let document) = change.changeset, let fresh = change.fresh
            else {
                throw BatchUpdateViolation(
                    .rebuildMatchesTarget, "the answer is not a batch changeset with values from \(base.version)")
            }
            // Built by the simulator, so a plan that exists passed every rule.
            plan = try ViewUpdatePlan(applying: document, fresh: fresh, to: shown)
        } catch {
            statistics.invalidChangesets += 1
            return try await reread(reason: .invalidChangeset(error.description), previous: base.snapshot)
        }
        if base.snapshot.hasOutlines || plan.final.hasOutlines {
            return try await followTree(change, plan: plan, base: base)
        }
        guard SnapshotDigest.digest(of: plan.final) == change.digest else {
            statistics.digestMismatches += 1
            return try await reread(reason: .digestMismatch, previous: base.snapshot)
        }
        statistics.changesApplied += 1
        copy = VersionedSnapshot(version: change.to, digest: change.digest, snapshot: plan.final, isFlat: base.isFlat)
        return MirrorUpdate(reason: .changes, version: change.to, digest: change.digest, plan: plan)
    }

    /// Reads the tree of a snapshot with outline sections at the version `change` led to, and
    /// keeps it when its digest is the changeset's and its visible rows are the plan's.
    private func followTree(_ change: SnapshotChange, plan: ViewUpdatePlan, base: VersionedSnapshot)
        async throws(ListDiffClientError) -> MirrorUpdate?
    {
        let tree = try await remote.get()
        statistics.treesRead += 1
        guard copy?.version == base.version else { return nil }
        guard tree.version == change.to else {
            return try adopt(tree, reason: .movedOnWhileReading, previous: base.snapshot)
        }
        guard tree.digest == change.digest, SnapshotDigest.digest(of: tree.snapshot) == change.digest,
            tree.snapshot.visibleRows == plan.final
        else {
            statistics.digestMismatches += 1
            return try adopt(tree, reason: .digestMismatch, previous: base.snapshot)
        }
        statistics.changesApplied += 1
        copy = tree
        return MirrorUpdate(reason: .changes, version: change.to, digest: change.digest, plan: plan)
    }

    private func reread(reason: MirrorUpdate.Reason, previous: WireSnapshot) async throws(ListDiffClientError)
        -> MirrorUpdate?
    {
        try adopt(try await remote.get(), reason: reason, previous: previous)
    }

    /// Makes `snapshot` the copy, once its own digest is checked: a snapshot read whole that
    /// still disagrees means this client and the server compute digests differently, which no
    /// further reading mends, so it is an error (ending ``updates``), not another read.
    func adopt(_ snapshot: VersionedSnapshot, reason: MirrorUpdate.Reason, previous: WireSnapshot)
        throws(ListDiffClientError) -> MirrorUpdate
    {
        let local = SnapshotDigest.digest(of: snapshot.snapshot)
        guard local == snapshot.digest else {
            statistics.digestMismatches += 1
            throw .invalidResponse(
                status: 200,
                reason:
                    "version \(snapshot.version) read whole has digest \(snapshot.digest) but its snapshot digests to \(local) here"
            )
        }
        copy = snapshot
        return MirrorUpdate(
            reason: reason, version: snapshot.version, digest: snapshot.digest,
            plan: ViewUpdatePlan(reloading: snapshot.snapshot.visibleRows, previous: previous.visibleRows))
    }

    /// Replaces the local copy without telling the server: for tests that check the digest
    /// catches a copy that went wrong.
    func replaceCopy(_ snapshot: WireSnapshot) {
        guard let held = copy else { return }
        copy = VersionedSnapshot(version: held.version, digest: held.digest, snapshot: snapshot, isFlat: held.isFlat)
    }

    private func follow() async {
        var delay = configuration.retryDelay
        let clock = ContinuousClock()
        var fellBackAt: ContinuousClock.Instant?
        while !Task.isCancelled {
            do throws(ListDiffClientError) {
                if let since = fellBackAt, since.duration(to: clock.now) >= configuration.streamRetryAfterFallback {
                    fellBackAt = nil
                }
                guard configuration.transport != .longPoll, fellBackAt == nil else {
                    if let update = try await synchronize() { continuation.yield(update) }
                    delay = configuration.retryDelay
                    continue
                }
                switch try await followStream() {
                case .unsupported(let error):
                    guard configuration.transport == .automatic else {
                        continuation.finish(throwing: error)
                        return
                    }
                    statistics.fellBackToLongPolls = true
                    fellBackAt = clock.now
                    continue
                case .closed(let progressed):
                    if Task.isCancelled { break }
                    if progressed { delay = configuration.retryDelay }
                    statistics.retries += 1
                    try? await Task.sleep(for: delay)
                    delay = min(delay * 2, configuration.maxRetryDelay)
                }
            } catch {
                if Task.isCancelled { break }
                let missing = error.problem?.status == 404 && configuration.waitsForMissingSnapshot
                guard missing || error.isTransient else {
                    continuation.finish(throwing: error)
                    return
                }
                statistics.retries += 1
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, configuration.maxRetryDelay)
            }
        }
        continuation.finish()
    }
}
