import Foundation
import ListDiff
import ListDiffStore

/// Waits across instances: the subscriber, and answering the waits held here when a write
/// through any instance passes them.
extension RedisSnapshotStore {
    func subscribe() {
        subscriberLock.withLock {
            guard subscriber == nil else { return }
            subscriber = VersionSubscriber(
                endpoints: { [client] in client.subscriptionEndpoints }, channel: channel,
                onMessage: { [weak self] payload in
                    guard let self, let message = VersionMessage(parsing: payload, namespace: namespace) else { return }
                    for delivered in seam.deliver(message) { handle(delivered) }
                },
                onConnect: { [weak self] evictionFree in
                    // Messages may have been missed while disconnected: every wait is checked.
                    guard let self else { return }
                    known.connected(evictionFree: evictionFree)
                    recheck(waiters.addresses)
                },
                onDisconnect: { [weak self] in self?.known.disconnected() },
                onIdle: { [weak self] in
                    guard let self else { return }
                    recheck(takeFailedChecks())
                })
        }
    }

    /// The snapshots whose check failed since the last call, taken.
    func takeFailedChecks() -> [SnapshotAddress] {
        subscriberLock.withLock {
            defer { recheckAddresses = [] }
            return Array(recheckAddresses)
        }
    }

    /// Checks the waits on `addresses` again. A failed check of one snapshot retries that
    /// snapshot alone: retrying every wait after one timeout costs a round trip per snapshot
    /// waited on, on a server already slow to answer, and timed out more checks in turn.
    func recheck(_ addresses: [SnapshotAddress]) {
        for address in addresses { answerIfChanged(address) }
    }

    /// A message on the channel (``VersionMessage``), on the subscriber's thread.
    func handle(_ message: VersionMessage) {
        switch message {
        case .sessionDeleted(let owner, let session):
            known.forget(owner: owner, session: session)
            for waiter in waiters.take(owner: owner, session: session) {
                waiter.answer(.failure(.gone(.sessionDeleted)))
            }
        case .snapshotDeleted(let address):
            known.forget(address)
            for waiter in waiters.take(address) { waiter.answer(.failure(.gone(.snapshotDeleted))) }
        case .changed(let address):
            known.forget(address)
            wake(address)
        case .written(let address, let head, let items, let base, let body):
            // Known first, waits taken after: a wait registered against the old version is
            // either taken here or sees the new one (see ``waitForChange(at:since:options:_:)``).
            let replaced = known.heard(head, items: items, body: body, at: address)
            if let body, let old = replaced?.body, replaced?.head.version == base {
                let atBase = waiters.take(address, at: base)
                if !atBase.isEmpty {
                    // A small diff costs less than the hop to another thread: made here.
                    if old.count + body.count <= Self.inlineDiffBytes {
                        answer(atBase, from: base, old: old, to: head, new: body)
                    } else {
                        background.run(
                            queuedAt: .now, { [self] in answer(atBase, from: base, old: old, to: head, new: body) },
                            refused: { error in for waiter in atBase { waiter.answer(.failure(error)) } })
                    }
                }
            }
            // Waits at other versions (a message missed or late, a client behind, no JSON to
            // diff from) read what changed since theirs.
            if waiters.hasWaits(on: address, notAt: head.version) { wake(address) }
        }
    }

    /// The JSON (base and new) up to which a message's diff is made on the subscriber's thread.
    static let inlineDiffBytes = 16 * 1024

    /// Reads what changed for the waits on `address` not at its current version, off the
    /// subscriber's thread (so it keeps reading); their deadline counts from now. A write to a
    /// snapshot nobody here waits on costs nothing.
    private func wake(_ address: SnapshotAddress) {
        guard waiters.hasWaits(on: address) else { return }
        let wokeAt = ContinuousClock.now
        background.run(
            queuedAt: wokeAt, { [self] in answerIfChanged(address, wokeAt: wokeAt) },
            refused: { [waiters] error in
                for waiter in waiters.take(address) { waiter.answer(.failure(error)) }
            })
    }

    /// Answers `atBase`, waits at `base`, with the diff from the base's JSON `old` (held here)
    /// to the message's `new`: no read. The marks `new` carries are its version's, the only one
    /// after the base.
    private func answer(
        _ atBase: [LocalWaiters.Waiter], from base: SnapshotVersion, old: [UInt8], to head: SnapshotHead, new: [UInt8]
    ) {
        let older = Self.decode(old)
        let marked = Self.decodeMarked(new)
        let unmarked = marked.hasMarks ? marked.withoutMarks : marked
        let newest = VersionMarks(of: marked).marking(unmarked)
        var diffs: [DiffOptions: Result<SnapshotChanges, StoreError>] = [:]
        for waiter in atBase {
            let answer =
                diffs[waiter.options]
                ?? {
                    // As a read would: a diff the engine refuses (never for stored snapshots) is a reset.
                    guard let diff = try? differ.diff(from: older, to: newest, options: waiter.options) else {
                        return .success(
                            .reset(StoredVersion(head: head, numberOfItems: unmarked.numberOfItems) { unmarked }))
                    }
                    return .success(.changes(from: base, to: head, diff: diff))
                }()
            diffs[waiter.options] = answer
            waiter.answer(answer)
        }
    }

    /// Answers the waits on `address` whose version is no longer current: with the changes
    /// since it, or `gone` when the snapshot or its session is. When the server does not
    /// answer, they keep waiting and are checked again on the subscriber's next idle turn.
    /// Its store calls have ``StoreLimits/callTimeout`` from the wake (`wokeAt`), as a
    /// request's have from when it was queued; none is made once its waits are gone.
    func answerIfChanged(_ address: SnapshotAddress, wokeAt: ContinuousClock.Instant = .now) {
        guard waiters.hasWaits(on: address) else { return }
        StoreCallDeadline.run(by: wokeAt + .seconds(limits.callTimeout)) { answerIfChangedNow(address) }
    }

    private func answerIfChangedNow(_ address: SnapshotAddress) {
        let head: SnapshotHead
        do {
            head = try existing(address, body: false).head
        } catch .sessionNotFound {
            for waiter in waiters.take(owner: address.owner, session: address.session) {
                waiter.answer(.failure(.gone(.sessionDeleted)))
            }
            return
        } catch .notFound {
            for waiter in waiters.take(address) { waiter.answer(.failure(.gone(.snapshotDeleted))) }
            return
        } catch {
            subscriberLock.withLock { _ = recheckAddresses.insert(address) }
            return
        }
        var shared = SharedChanges()
        for waiter in waiters.take(address, notAt: head.version) {
            waiter.answer(
                shared.changes(since: waiter.since, options: waiter.options) {
                    Result { () throws(StoreError) in
                        try changes(at: address, since: waiter.since, options: waiter.options, head: head)
                    }
                })
        }
    }
}
