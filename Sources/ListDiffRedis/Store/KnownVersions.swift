import Foundation
import ListDiffStore

/// The current version of the snapshots this instance served lately (read, wrote, waited on),
/// kept up by the channel's messages (with their stored JSON when it came along; every
/// instance hears every write, and keeps only these), trusted only while the subscriber
/// hears every message: a wait registers against it without a round trip, and a message whose
/// base it holds is answered with a diff made here (see `RedisSnapshotStore+Waits.swift`).
///
/// Kept honest by Redis's own messages, never by a timer:
/// - messages come in publish order, so the last one heard for a snapshot is its current
///   version until the next one comes (one older than what is held, in the same epoch, is a
///   late or duplicate one and changes nothing);
/// - a read or a write's own answer may be overtaken by a message: it is taken only when it
///   moves the snapshot forward in its epoch, or when no message about the snapshot came while
///   it was in flight; one that disagrees otherwise drops the entry (a rollback or a failover
///   that kept the subscriber connected);
/// - the subscriber's disconnect drops everything (messages are at most once), and nothing is
///   trusted until it is back; a connection gone silent counts once a `PING` goes unanswered
///   (within about 3 s: how long a partitioned instance may say "nothing new"). While Redis is
///   stopped, "nothing new" is true: no write can commit.
///
/// Eviction of a key publishes nothing: `changes` is answered from here (``stored(_:)``) only
/// while the server says `maxmemory-policy noeviction` (asked on every connect); under another
/// policy an entry serves waits alone, and a wait on an evicted snapshot lasts until its next
/// write. Expiry is the caller's: a session this instance touched less than a slack ago cannot
/// have expired. Bounded by an estimate of bytes; when over, arbitrary entries go.
final class KnownVersions: @unchecked Sendable {
    // Sendable argument: every var is only touched while holding `lock`.
    struct Entry {
        var head: SnapshotHead
        var items: Int
        /// The version's stored JSON, marks included; nil when only its head is known.
        var body: [UInt8]?
    }

    /// Where the channel stood when a read or write began (``mark()``).
    struct Mark {
        fileprivate var connection: UInt64
        fileprivate var heard: UInt64
    }

    private let lock = NSLock()
    private var entries: [SnapshotAddress: Entry] = [:]
    private var bytes = 0
    private let budget: Int
    /// Whether the subscriber is connected now, and how many times it connected.
    private var listening = false
    private var connection: UInt64 = 0
    /// Whether the server said it never evicts keys when the subscriber last connected.
    private var evictionFree = false
    /// Messages heard in this connection, and the snapshots of the last `recent.count` of them
    /// (by hash), to tell whether one concerned a snapshot while a read was in flight.
    private var heard: UInt64 = 0
    private var recent = [Int](repeating: 0, count: 512)

    /// A cache of at most about `budget` bytes of JSON; a snapshot over an eighth of it is kept
    /// by its head alone.
    init(budget: Int) {
        self.budget = budget
    }

    /// The subscriber is connected: messages are heard from now on. `evictionFree`: the
    /// server's `maxmemory-policy` is `noeviction`.
    func connected(evictionFree: Bool) {
        lock.withLock {
            connection += 1
            listening = true
            self.evictionFree = evictionFree
        }
    }

    /// The subscriber lost its connection: what was heard may be missing messages.
    func disconnected() {
        lock.withLock {
            connection += 1
            listening = false
            entries.removeAll()
            bytes = 0
        }
    }

    /// The current version of `address` when known; nil while the subscriber is not listening.
    func current(_ address: SnapshotAddress) -> SnapshotVersion? {
        lock.withLock { listening ? entries[address]?.head.version : nil }
    }

    /// The current version of `address`, when known and nothing can have evicted it (or
    /// whatever could, for a guess that Redis checks: `evictable`); nil otherwise.
    func stored(_ address: SnapshotAddress, evictable: Bool = false) -> Entry? {
        lock.withLock { listening && (evictionFree || evictable) ? entries[address] : nil }
    }

    /// Where the channel stands now; nil while the subscriber is not listening.
    func mark() -> Mark? {
        lock.withLock { listening ? Mark(connection: connection, heard: heard) : nil }
    }

    /// A message says `address` is at `head` (with its JSON when carried). Returns the entry
    /// it replaced, so that waits at that version can be answered from it; nil when none was
    /// held (every instance hears every write: only the snapshots this instance served are
    /// kept) or the message is late (an older version of the same epoch than the one held).
    func heard(_ head: SnapshotHead, items: Int, body: [UInt8]?, at address: SnapshotAddress) -> Entry? {
        lock.withLock {
            heard &+= 1
            recent[Int(heard % UInt64(recent.count))] = address.hashValue
            guard listening, let old = entries[address] else { return nil }
            if old.head.version.epoch == head.version.epoch, old.head.version.number > head.version.number {
                return nil
            }
            put(Entry(head: head, items: items, body: body), at: address)
            return old
        }
    }

    /// A read (or this instance's own write) begun at `mark` found `address` at `head`.
    func learned(_ head: SnapshotHead, items: Int, body: [UInt8]?, at address: SnapshotAddress, since mark: Mark?) {
        lock.withLock {
            guard listening, let mark, mark.connection == connection else { return }
            let old = entries[address]
            if let old, old.head == head {
                if old.body == nil, body != nil { put(Entry(head: head, items: items, body: body), at: address) }
                return
            }
            if let old, old.head.version.epoch == head.version.epoch, old.head.version.number < head.version.number {
                return put(Entry(head: head, items: items, body: body), at: address)
            }
            if old == nil, !heardOf(address, since: mark) {
                return put(Entry(head: head, items: items, body: body), at: address)
            }
            remove(address)
        }
    }

    /// A read found no such snapshot, or it was deleted.
    func forget(_ address: SnapshotAddress) {
        lock.withLock { remove(address) }
    }

    /// Every snapshot of a session.
    func forget(owner: Int, session: String) {
        lock.withLock {
            for address in entries.keys where address.owner == owner && address.session == session { remove(address) }
        }
    }

    /// A message concerned `address` (or may have: it left the window) since `mark`.
    private func heardOf(_ address: SnapshotAddress, since mark: Mark) -> Bool {
        let count = heard &- mark.heard
        if count == 0 { return false }
        if count >= UInt64(recent.count) { return true }
        let hash = address.hashValue
        return (1...count).contains { recent[Int((mark.heard &+ $0) % UInt64(recent.count))] == hash }
    }

    private func put(_ entry: Entry, at address: SnapshotAddress) {
        var entry = entry
        if let body = entry.body, body.count > budget / 8 { entry.body = nil }
        let size = 64 + (entry.body?.count ?? 0)
        if let old = entries.updateValue(entry, forKey: address) { bytes -= 64 + (old.body?.count ?? 0) }
        bytes += size
        while bytes > budget, let victim = entries.first {
            entries.remove(at: entries.startIndex)
            bytes -= 64 + (victim.value.body?.count ?? 0)
        }
    }

    private func remove(_ address: SnapshotAddress) {
        if let old = entries.removeValue(forKey: address) { bytes -= 64 + (old.body?.count ?? 0) }
    }
}
