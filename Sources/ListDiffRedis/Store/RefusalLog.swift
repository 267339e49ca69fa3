import Foundation

/// Where the store writes what it keeps out of its answers: a refusal's own text (a script's
/// SHA and Lua line, the server's wording) and replies it could not read. At most one line a
/// second for each kind (a code, or `unexpected`), saying how many were left out since: a
/// server busy for a minute under load costs sixty lines, not one per request.
final class RefusalLog: @unchecked Sendable {
    // Sendable argument: `recent` is only touched while holding `lock`; `write` is Sendable.
    private let lock = NSLock()
    private var recent: [String: (at: Double, skipped: Int)] = [:]
    private let write: @Sendable (String) -> Void

    init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    func log(_ kind: String, _ message: String) {
        let now = SystemSocket.now()
        let skipped: Int? = lock.withLock {
            if let last = recent[kind], now - last.at < 1 {
                recent[kind]?.skipped += 1
                return nil
            }
            if recent.count >= 256 { recent.removeAll(keepingCapacity: true) }
            let skipped = recent[kind]?.skipped ?? 0
            recent[kind] = (now, 0)
            return skipped
        }
        guard let skipped else { return }
        write(skipped == 0 ? message : "\(message) (and \(skipped) more like it since the last such line)")
    }
}
