/// A version as clients see it: `<epoch>.<n>.<digest>`, where the epoch names the store that
/// wrote it (for the in-memory store: random per process start; in Redis, the session's), `n`
/// counts up within the epoch from 0 (not written yet, which carries no digest), and the digest
/// is the 16 hex digits of the snapshot's xxh64 digest (``SnapshotHead/digest``). The digest
/// makes the token name its content: a store that lost writes (a rollback, a restore, a lagging
/// replica, an eviction) may issue a number again, never the token, so a client holding the
/// lost content gets a reset or a 412, never a changeset or a write against it. A version from
/// another epoch — an earlier run, another instance — is never diffed against either.
public struct SnapshotVersion: Hashable, Sendable {
    public var epoch: String
    public var number: Int
    /// 16 lowercase hex digits; nil for number 0 and for a token from before digests (`E.n`),
    /// which names no content a store holds.
    public var digest: String?

    public var text: String { digest.map { "\(epoch).\(number).\($0)" } ?? "\(epoch).\(number)" }
    /// The strong entity tag: the version text in quotes.
    public var entityTag: String { "\"\(text)\"" }

    /// Parses `E.n.d`, `E.0` or a token from before digests, `E.n` (each also in quotes, as an
    /// entity tag). Nil if malformed. (`E.0.d` parses, and names nothing a store holds.)
    public init?(parsing raw: String) {
        var text = Substring(raw)
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        var digest: Substring?
        if let dot = text.lastIndex(of: "."), Self.isDigest(text[text.index(after: dot)...]),
            let numberDot = text[..<dot].lastIndex(of: "."), Int(text[text.index(after: numberDot)..<dot]) != nil
        {
            digest = text[text.index(after: dot)...]
            text = text[..<dot]
        }
        guard let dot = text.lastIndex(of: "."), let number = Int(text[text.index(after: dot)...]), number >= 0,
            !text[..<dot].isEmpty
        else { return nil }
        epoch = String(text[..<dot])
        self.number = number
        self.digest = digest.map(String.init)
    }

    /// Version `number` of `epoch`, naming the content whose ``SnapshotHead/digest`` is
    /// `snapshotDigest` (`xxh64:` and 16 hex digits); number 0 carries none.
    public init(epoch: String, number: Int, snapshotDigest: String?) {
        self.epoch = epoch
        self.number = number
        digest = number == 0 ? nil : snapshotDigest.map { Self.tokenDigest($0) }
    }

    /// The version before a snapshot's first: `E.0`.
    public static func unwritten(epoch: String) -> SnapshotVersion {
        SnapshotVersion(epoch: epoch, number: 0, snapshotDigest: nil)
    }

    /// The digest as a token carries it: a snapshot digest's hex digits, without `xxh64:`.
    static func tokenDigest(_ snapshotDigest: String) -> String {
        snapshotDigest.hasPrefix("xxh64:") ? String(snapshotDigest.dropFirst(6)) : snapshotDigest
    }

    private static func isDigest(_ text: Substring) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
