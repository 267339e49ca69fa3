/// Where a session's data lives in Redis, under a namespace (`ld` unless several stores share a
/// server). Every key of one session carries the same hash tag, `{owner:session}`, so a
/// session lives on one cluster slot and every script touches one slot.
/// Names are `A-Z a-z 0-9 . _ ~ -` (the service checks them), so they never hold a brace or a
/// space.
///
/// - `ld:{o:s}:session` — hash: `epoch` (the session's, random when it is made) and `counter`
///   (the last version number issued in it).
/// - `ld:{o:s}:names` — set: the names of its snapshots.
/// - `ld:{o:s}:snap:<name>` — hash: `version`, `digest`, `flat`, `items`, `body` (the current
///   snapshot as the API's JSON, with the marks its write carried, if any), `epoch` (the
///   session's when it was written; absent in hashes written before it was kept).
///
/// Redis may evict one of these keys alone: a session with one missing is gone (see
/// ``RedisScripts/write`` and ``RedisSnapshotStore/state(_:body:)``).
/// - `ld:{o:s}:hist:<name>` — list, newest first: `"<version> <digest> <json>"` per older
///   version kept, the JSON with that version's marks (entries written before marks were kept
///   have none; entries written before digests, `"<version> <json>"`, name no content and are
///   never diffed from).
///
/// Writes and deletes are published on `<namespace>:versions`.
struct RedisKeys {
    let tag: String

    init(namespace: String, owner: Int, session: String) {
        tag = "\(namespace):{\(owner):\(session)}"
    }

    var session: String { "\(tag):session" }
    var names: String { "\(tag):names" }
    /// The prefix of every snapshot's keys, for scripts that walk them.
    var snapshotPrefix: String { "\(tag):snap:" }
    var historyPrefix: String { "\(tag):hist:" }
    func snapshot(_ name: String) -> String { snapshotPrefix + name }
    func history(_ name: String) -> String { historyPrefix + name }
}
