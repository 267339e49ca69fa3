import ListDiffStore

/// What a write or delete publishes on the store's channel, so that every instance answers its
/// own waits. A write carries the version it made and the one it built on, and — up to
/// ``RedisSnapshotStore/messageBodyLimit`` — the new snapshot's stored JSON (with its write's
/// marks): an instance that holds the base version's JSON (``KnownVersions``) answers the waits
/// at the base with a diff of its own, without a read.
///
/// Binary-safe: a header line of space-separated fields (names, epochs and digests hold no
/// space or newline), then, for a write that carries it, a newline and the JSON.
///
/// - `<tag> <name> <epoch> <n> <digest> <flat> <items> <base n> <base digest or -> [\n<json>]` — a write;
/// - `<tag> <name> <n>` — a write by an instance from before versions were carried: read it;
/// - `<tag> <name> deleted`, `<tag> * deleted` — a snapshot, or the whole session, deleted.
///
/// A message is at most once and may come late: a gap between what an instance knows and a
/// message's base, or a reconnect, means "read", never "skip".
enum VersionMessage: Equatable {
    /// A version written: `head`, of `items` items, built on `base` (number 0 for a snapshot's
    /// first version).
    case written(SnapshotAddress, head: SnapshotHead, items: Int, base: SnapshotVersion, body: [UInt8]?)
    /// A write whose versions the message does not say.
    case changed(SnapshotAddress)
    case snapshotDeleted(SnapshotAddress)
    case sessionDeleted(owner: Int, session: String)

    /// The message in `payload`, published under `namespace`; nil for one this store did not
    /// write (another namespace, or malformed).
    /// - Complexity: O(header); the JSON is copied once.
    init?(parsing payload: [UInt8], namespace: String) {
        let newline = payload.firstIndex(of: UInt8(ascii: "\n"))
        let fields = payload[..<(newline ?? payload.endIndex)].split(separator: UInt8(ascii: " "))
            .map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 3 || fields.count == 9, let (owner, session) = Self.session(fields[0], namespace) else {
            return nil
        }
        if fields[1] == "*" {
            guard fields.count == 3, fields[2] == "deleted" else { return nil }
            self = .sessionDeleted(owner: owner, session: session)
            return
        }
        let address = SnapshotAddress(owner: owner, session: session, snapshot: fields[1])
        guard fields.count == 9 else {
            self = fields[2] == "deleted" ? .snapshotDeleted(address) : .changed(address)
            return
        }
        guard let number = Int(fields[3]), number > 0, let items = Int(fields[6]), items >= 0,
            let baseNumber = Int(fields[7]), baseNumber >= 0, baseNumber < number
        else { return nil }
        let epoch = fields[2]
        let head = SnapshotHead(
            version: SnapshotVersion(epoch: epoch, number: number, snapshotDigest: fields[4]), digest: fields[4],
            isFlat: fields[5] == "1")
        let base = SnapshotVersion(epoch: epoch, number: baseNumber, snapshotDigest: fields[8] == "-" ? nil : fields[8])
        self = .written(
            address, head: head, items: items, base: base, body: newline.map { Array(payload[($0 + 1)...]) })
    }

    /// The owner and session named by a hash tag `<namespace>:{<owner>:<session>}`.
    private static func session(_ tag: String, _ namespace: String) -> (Int, String)? {
        let prefix = "\(namespace):{"
        guard tag.hasPrefix(prefix), tag.hasSuffix("}") else { return nil }
        let inside = tag.dropFirst(prefix.count).dropLast()
        guard let colon = inside.firstIndex(of: ":"), let owner = Int(inside[..<colon]) else { return nil }
        return (owner, String(inside[inside.index(after: colon)...]))
    }
}
