import ListDiffStore

extension ListDiffService {
    /// The event that brings a stream's client from its version to what `changes` answered,
    /// and the version it holds then: `changes` (nil when nothing changed) or `reset`. The one
    /// place a stream's events are made, for its first event and every one after.
    func streamEvent(for changes: SnapshotChanges, at address: SnapshotAddress, format: ChangesetFormat) -> (
        event: ServerSentEvent?, version: SnapshotVersion
    ) {
        switch changes {
        case .changes(let from, let head, let diff):
            guard let diff else { return (nil, head.version) }
            let data = longPollBodies.changesBody(
                from: from, to: head, diff: diff, at: address, format: format, metrics: diffMetrics)
            return (ServerSentEvent(kind: .changes, id: head.version.text, data: data), head.version)
        case .reset(let stored):
            let version = stored.head.version
            let data = snapshotBodies.body(of: stored, at: address, form: .reset)
            return (ServerSentEvent(kind: .reset, id: version.text, data: data), version)
        }
    }
}
