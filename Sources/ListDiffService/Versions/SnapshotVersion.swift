/// A version as clients see it: `<epoch>.<n>`, where the epoch names the server process
/// that wrote it (random per start) and `n` counts the snapshot's versions from 0 (empty).
/// A version from another epoch — an earlier run, another instance — is never diffed against:
/// the client gets a reset.
struct SnapshotVersion: Equatable, Sendable {
    var epoch: String
    var number: Int

    var text: String { "\(epoch).\(number)" }
    /// The strong entity tag: the version text in quotes.
    var entityTag: String { "\"\(text)\"" }

    /// Parses `E.n` or `"E.n"` (an entity tag). Nil if malformed.
    init?(parsing raw: String) {
        var text = Substring(raw)
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        guard let dot = text.lastIndex(of: "."), let number = Int(text[text.index(after: dot)...]), number >= 0,
              !text[..<dot].isEmpty else { return nil }
        epoch = String(text[..<dot])
        self.number = number
    }

    init(epoch: String, number: Int) {
        self.epoch = epoch
        self.number = number
    }
}

/// Random hex tokens from the system's cryptographic generator (getrandom on Linux).
enum RandomToken {
    /// `bits` (a multiple of 64) of randomness as lowercase hex.
    static func hex(bits: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<max(1, bits / 64)).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
