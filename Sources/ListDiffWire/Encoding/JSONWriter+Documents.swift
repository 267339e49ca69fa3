import ListDiff
import ListDiffJSON

/// The API's documents around snapshots and changesets, each written here beside its reader in
/// ``WireDecoder``, so the service and its clients share both directions.
extension JSONWriter {
    /// `{"from", "to", "digest", "changeset", "values"?}`: a stored snapshot's answer to a write
    /// or to `changes?since=`. No diff means nothing changed (an empty changeset); `values`
    /// only in the batch form, when asked for. Read by ``WireDecoder/changes(_:sequential:options:)``.
    /// O(changeset + values).
    public mutating func writeChanges(
        from: String, to: String, digest: String, diff: WireDiff?,
        sequential: Bool, includeValues: Bool, flat: Bool
    ) {
        beginObject()
        key("from")
        string(from)
        key("to")
        string(to)
        key("digest")
        string(digest)
        key("changeset")
        if includeValues && !sequential {
            // The staged batch is computed once for both members.
            let staged = diff?.stagedBatch
            let changeset = staged?.changeset ?? BatchChangeset()
            writeBatch(changeset, intermediateSnapshots: staged?.stages.dropLast().map(\.result) ?? [], flat: flat)
            key("values")
            writeFreshElements(
                diff.map { WireFreshElements(of: changeset, in: $0.new) } ?? WireFreshElements(), flat: flat,
                rows: diff?.new)
        } else {
            writeChangeset(diff, sequential: sequential, flat: flat)
        }
        endObject()
    }

    /// A changeset in the batch or the sequential form; no diff is the empty one. O(changeset).
    public mutating func writeChangeset(_ diff: WireDiff?, sequential: Bool, flat: Bool) {
        switch (diff, sequential) {
        case (let diff?, true): writeSequential(diff.sequential, flat: flat)
        case (let diff?, false): writeBatch(diff, flat: flat)
        case (nil, true): writeSequential(SequentialChangeset(), flat: flat)
        case (nil, false): writeBatch(BatchChangeset(), intermediateSnapshots: [], flat: flat)
        }
    }

    /// `{"reset": true, "to", "digest", "snapshot"}`: the whole current snapshot for a client
    /// whose version cannot be diffed against. Read by ``WireDecoder/changes(_:sequential:options:)``.
    /// O(size).
    public mutating func writeReset(to version: String, digest: String, snapshot: WireSnapshot, flat: Bool) {
        beginObject()
        key("reset")
        bool(true)
        key("to")
        string(version)
        writeDigestAndSnapshot(digest, snapshot, flat: flat)
    }

    /// `{"version", "digest", "snapshot"}`: a stored snapshot as `GET` answers it. Read by
    /// ``WireDecoder/versionedSnapshot(_:options:)``. O(size).
    public mutating func writeVersionedSnapshot(version: String, digest: String, snapshot: WireSnapshot, flat: Bool) {
        beginObject()
        key("version")
        string(version)
        writeDigestAndSnapshot(digest, snapshot, flat: flat)
    }

    /// `{"version", "digest", "section", "items"}`: a subtree (``WireSnapshot/subtree(of:includingParent:)``)
    /// of a version whose digest is given, its items as a tree. O(subtree).
    public mutating func writeSubtree(
        version: String, digest: String, section: WireID, items: ContiguousArray<WireSnapshot.Item>
    ) {
        beginObject()
        key("version")
        string(version)
        key("digest")
        string(digest)
        key("section")
        writeID(section)
        key("items")
        beginArray()
        _writeOutlineItems(items)
        endArray()
        endObject()
    }

    private mutating func writeDigestAndSnapshot(_ digest: String, _ snapshot: WireSnapshot, flat: Bool) {
        key("digest")
        string(digest)
        key("snapshot")
        writeSnapshot(snapshot, flat: flat)
        endObject()
    }

    /// `{"old": S, "new": S}`, both in the form each was given (a diff request holds two of
    /// the same form). Read by ``WireDecoder/diffRequest(_:options:)``. O(size).
    public mutating func writeDiffRequest(old: WireSnapshotDocument, new: WireSnapshotDocument) {
        beginObject()
        key("old")
        writeSnapshot(old.snapshot, flat: old.isFlat)
        key("new")
        writeSnapshot(new.snapshot, flat: new.isFlat)
        endObject()
    }

    /// `{"session": name}`: a session just made. Read by ``WireDecoder/createdSession(_:options:)``.
    public mutating func writeCreatedSession(_ name: String) {
        beginObject()
        key("session")
        string(name)
        endObject()
    }

    /// `{"session", "snapshots": [{"name", "version", "digest", "items", "flat"}]}`. Read by
    /// ``WireDecoder/sessionListing(_:options:)``. O(snapshots).
    public mutating func writeSessionListing(_ listing: WireSessionListing) {
        beginObject()
        key("session")
        string(listing.session)
        key("snapshots")
        beginArray()
        for snapshot in listing.snapshots {
            beginObject()
            key("name")
            string(snapshot.name)
            key("version")
            string(snapshot.version)
            key("digest")
            string(snapshot.digest)
            key("items")
            int(snapshot.items)
            key("flat")
            bool(snapshot.isFlat)
            endObject()
        }
        endArray()
        endObject()
    }
}
