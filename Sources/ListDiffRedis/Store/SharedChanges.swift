import ListDiff
import ListDiffStore

/// The changes since each (version, options) the waits on one snapshot are at, asked of the
/// store once however many waits share them: a write through another instance wakes every
/// stream and long poll of this instance on that snapshot, and they would otherwise cost a
/// round trip and a diff each.
struct SharedChanges {
    private struct Key: Hashable {
        var since: SnapshotVersion
        var options: DiffOptions
    }

    private var answers: [Key: Result<SnapshotChanges, StoreError>] = [:]

    /// The answer for waits at `since` with `options`: `ask`'s, asked the first time only.
    mutating func changes(
        since: SnapshotVersion, options: DiffOptions, _ ask: () -> Result<SnapshotChanges, StoreError>
    ) -> Result<SnapshotChanges, StoreError> {
        let key = Key(since: since, options: options)
        if let known = answers[key] { return known }
        let answer = ask()
        answers[key] = answer
        return answer
    }
}
