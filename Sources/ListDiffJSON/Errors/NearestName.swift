/// The known name a mistyped one most likely meant, for the "did you mean" of an error message
/// (`wiat` → `wait`, `deleteItem` → `deleteItems`, `--prot` → `--port`): the closest by edit
/// distance — insertions, deletions, substitutions and swaps of neighbours, ignoring case —
/// when it is close enough to be a typo rather than another word.
public enum NearestName {
    /// The candidate `name` most likely meant, or nil when none is a likely typo of it.
    /// - Complexity: O(candidates × name length × candidate length); only error paths call it.
    public static func suggestion(for name: some StringProtocol, among candidates: some Sequence<String>) -> String? {
        let typed = Array(name.lowercased().utf8)
        // Longer input is not a typo of a name; its distance is not worth computing.
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let known = Array(candidate.lowercased().utf8)
            let distance = editDistance(typed, known)
            // One edit in a short name, two in a longer one: past that it is another word.
            guard distance <= max(1, min(2, known.count / 3)), distance < best?.distance ?? .max else { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// The optimal string alignment distance of `a` and `b` (Damerau–Levenshtein without
    /// edits of a swapped pair). O(a × b) time, O(b) space.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
