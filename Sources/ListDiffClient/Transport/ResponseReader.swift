import ListDiffJSON
import ListDiffWire

/// Reads the service's JSON answers into the client's models with the wire's decoders.
/// Unknown members are skipped, so a newer server's additions do not break an older client.
enum ResponseReader {
    static let options = WireDecodingOptions(unknownMembers: .ignore)

    static func changeset(_ answer: HTTPExchange.Answer, format: ChangesetOptions.Format) throws(ListDiffClientError)
        -> WireChangeset
    {
        try reading(answer) { () throws(JSONReadError) in
            switch format {
            case .batch: .batch(try WireDecoder.batchChangeset(answer.body, flat: nil, options: options))
            case .sequential: .sequential(try WireDecoder.sequentialChangeset(answer.body, flat: nil, options: options))
            }
        }
    }

    static func changes(_ answer: HTTPExchange.Answer, format: ChangesetOptions.Format) throws(ListDiffClientError)
        -> SnapshotChanges
    {
        let document = try reading(answer) { () throws(JSONReadError) in
            try WireDecoder.changes(answer.body, sequential: format == .sequential, options: options)
        }
        switch document.body {
        case .changes(let from, let changeset, let fresh):
            return .changes(
                SnapshotChange(
                    from: SnapshotVersion(from), to: SnapshotVersion(document.to), digest: document.digest,
                    changeset: changeset, fresh: fresh))
        case .reset(let snapshot):
            return .reset(
                VersionedSnapshot(
                    version: SnapshotVersion(document.to), digest: document.digest,
                    snapshot: snapshot.snapshot, isFlat: snapshot.isFlat))
        }
    }

    /// A write's answer, which is always a changeset.
    static func change(_ answer: HTTPExchange.Answer, format: ChangesetOptions.Format) throws(ListDiffClientError)
        -> SnapshotChange
    {
        guard case .changes(let change) = try changes(answer, format: format) else {
            throw .invalidResponse(status: answer.status, reason: "a write was answered with a reset")
        }
        return change
    }

    static func versionedSnapshot(_ answer: HTTPExchange.Answer) throws(ListDiffClientError) -> VersionedSnapshot {
        let document = try reading(answer) { () throws(JSONReadError) in
            try WireDecoder.versionedSnapshot(answer.body, options: options)
        }
        return VersionedSnapshot(
            version: SnapshotVersion(document.version), digest: document.digest,
            snapshot: document.document.snapshot, isFlat: document.document.isFlat)
    }

    /// `{"session": name}`.
    static func sessionName(_ answer: HTTPExchange.Answer) throws(ListDiffClientError) -> String {
        try reading(answer) { () throws(JSONReadError) in try WireDecoder.createdSession(answer.body, options: options)
        }
    }

    /// `{"session", "snapshots": [{"name", "version", "digest", "items", "flat"}]}`.
    static func listing(_ answer: HTTPExchange.Answer) throws(ListDiffClientError) -> [SnapshotSummary] {
        let listing = try reading(answer) { () throws(JSONReadError) in
            try WireDecoder.sessionListing(answer.body, options: options)
        }
        return listing.snapshots.map {
            SnapshotSummary(
                name: $0.name, version: SnapshotVersion($0.version), digest: $0.digest, items: $0.items,
                isFlat: $0.isFlat)
        }
    }

    private static func reading<R>(_ answer: HTTPExchange.Answer, _ body: () throws(JSONReadError) -> R)
        throws(ListDiffClientError) -> R
    {
        do {
            return try body()
        } catch {
            throw .invalidResponse(status: answer.status, reason: error.description)
        }
    }
}
