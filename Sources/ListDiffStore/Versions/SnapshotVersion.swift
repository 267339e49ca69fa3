/// A version as clients see it: `<epoch>.<n>`, where the epoch names the store that wrote it
/// (for the in-memory store: random per process start) and `n` counts up within the epoch,
/// from 0 (not written yet). A version from another epoch — an earlier run, another instance
/// — is never diffed against: the client gets a reset.
public struct SnapshotVersion: Hashable, Sendable {
    public var epoch: String
    public var number: Int

    public var text: String { "\(epoch).\(number)" }
    /// The strong entity tag: the version text in quotes.
    public var entityTag: String { "\"\(text)\"" }

    /// Parses `E.n` or `"E.n"` (an entity tag). Nil if malformed.
    public init?(parsing raw: String) {
        var text = Substring(raw)
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        guard let dot = text.lastIndex(of: "."), let number = Int(text[text.index(after: dot)...]), number >= 0,
            !text[..<dot].isEmpty
        else { return nil }
        epoch = String(text[..<dot])
        self.number = number
    }

    public init(epoch: String, number: Int) {
        self.epoch = epoch
        self.number = number
    }
}
