import ListDiff
import ListDiffJSON

/// The API's documents around snapshots and changesets, each written here beside its reader in
/// ``WireDecoder``, so the service and its clients share both directions.
extension JSONWriter {
    /// `{"from", "to", "digest", "changeset", "values"?}`: a stored snapshot's answer to a write
    /// or to `changes?since=`, its changeset already assembled (``WireChangeset/init(_:sequential:)``);
    /// `values` when `fresh` is given (the batch form's, ``WireChangeset/freshElements(in:)``),
    /// `rows` the snapshot they come from. Read by ``WireDecoder/changes(_:sequential:options:)``.
    /// O(changeset + values).
    public mutating func writeChanges(
        from: String, to: String, digest: String, changeset: WireChangeset, fresh: WireFreshElements?,
        rows: WireSnapshot?, flat: Bool
    ) {
        beginObject()
        key("from")
        string(from)
        key("to")
        string(to)
        key("digest")
        string(digest)
        key("changeset")
        writeChangeset(changeset, flat: flat)
        if let fresh {
            key("values")
            writeFreshElements(fresh, flat: flat, rows: rows)
        }
        endObject()
    }

    /// A changeset in the batch or the sequential form. O(changeset).
    public mutating func writeChangeset(_ changeset: WireChangeset, flat: Bool) {
        switch changeset {
        case .batch(let document):
            writeBatch(document.changeset, intermediateSnapshots: document.intermediateSnapshots, flat: flat)
        case .sequential(let operations):
            writeSequential(operations, flat: flat)
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
