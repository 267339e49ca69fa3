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
                onMessage: { [weak self] message in
                    self?.handle(message)
                },
                onReconnect: { [weak self] in
                    // Messages may have been missed while disconnected: every wait is checked.
                    guard let self else { return }
                    recheck(waiters.addresses)
                },
                onIdle: { [weak self] in
                    guard let self else { return }
                    let failed = subscriberLock.withLock {
                        defer { recheckAddresses = [] }
                        return recheckAddresses
                    }
                    recheck(Array(failed))
                })
        }
    }

    /// Checks the waits on `addresses` again. A failed check of one snapshot retries that
    /// snapshot alone: retrying every wait after one timeout cost an instance holding 4,000
    /// streams 4,000 round trips per idle turn, which timed out more checks in turn.
    func recheck(_ addresses: [SnapshotAddress]) {
        for address in addresses { answerIfChanged(address) }
    }

    /// A message on the channel: `"<tag> <name> <version>"`, `"<tag> <name> deleted"` or
    /// `"<tag> * deleted"` (the whole session).
    func handle(_ message: String) {
        let parts = message.split(separator: " ")
        let prefix = "\(namespace):{"
        guard parts.count == 3, parts[0].hasPrefix(prefix), parts[0].hasSuffix("}") else { return }
        let inside = parts[0].dropFirst(prefix.count).dropLast()
        guard let colon = inside.firstIndex(of: ":"), let owner = Int(inside[..<colon]) else { return }
        let session = String(inside[inside.index(after: colon)...])
        if parts[1] == "*" {
            for waiter in waiters.take(owner: owner, session: session) {
                waiter.answer(.failure(.gone(.sessionDeleted)))
            }
            return
        }
        let address = SnapshotAddress(owner: owner, session: session, snapshot: String(parts[1]))
        if parts[2] == "deleted" {
            for waiter in waiters.take(address) { waiter.answer(.failure(.gone(.snapshotDeleted))) }
            return
        }
        // A write to a snapshot nobody here waits on costs no round trip. Diffs for waiters run
        // off the subscriber's thread, so it keeps reading; their deadline counts from now.
        guard waiters.hasWaits(on: address) else { return }
        let wokeAt = ContinuousClock.now
        background.run(
            queuedAt: wokeAt, { [self] in answerIfChanged(address, wokeAt: wokeAt) },
            refused: { [waiters] error in
                for waiter in waiters.take(address) { waiter.answer(.failure(error)) }
            })
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
