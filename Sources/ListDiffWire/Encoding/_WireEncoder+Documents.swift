import ListDiff
import ListDiffJSON

/// The API's documents around snapshots and changesets, behind ``WireEncoder``'s functions of
/// the same names; ``WireDecoder`` reads each, so the service and its clients share both
/// directions.
extension _WireEncoder {
    /// `{"from", "to", "digest", "changeset", "values"?}`: a stored snapshot's answer to a write
    /// or to `changes?since=`, its changeset already assembled (``WireChangeset/init(_:sequential:)``);
    /// `values` when `fresh` is given (the batch form's, ``WireChangeset/freshElements(in:)``),
    /// `rows` the snapshot they come from. Read by ``WireDecoder/changes(_:sequential:options:)``.
    /// O(changeset + values).
    mutating func writeChanges(
        from: String, to: String, digest: String, changeset: WireChangeset, fresh: WireFreshElements?,
        rows: WireSnapshot?, flat: Bool
    ) {
        writer.beginObject()
        writer.key("from")
        writer.string(from)
        writer.key("to")
        writer.string(to)
        writer.key("digest")
        writer.string(digest)
        writer.key("changeset")
        writeChangeset(changeset, flat: flat)
        if let fresh {
            writer.key("values")
            writeFreshElements(fresh, flat: flat, rows: rows)
        }
        writer.endObject()
    }

    /// A changeset in the batch or the sequential form. O(changeset).
    mutating func writeChangeset(_ changeset: WireChangeset, flat: Bool) {
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
    mutating func writeReset(to version: String, digest: String, snapshot: WireSnapshot, flat: Bool) {
        writer.beginObject()
        writer.key("reset")
        writer.bool(true)
        writer.key("to")
        writer.string(version)
        writeDigestAndSnapshot(digest, snapshot, flat: flat)
    }

    /// `{"version", "digest", "snapshot"}`: a stored snapshot as `GET` answers it. Read by
    /// ``WireDecoder/versionedSnapshot(_:options:)``. O(size).
    mutating func writeVersionedSnapshot(version: String, digest: String, snapshot: WireSnapshot, flat: Bool) {
        writer.beginObject()
        writer.key("version")
        writer.string(version)
        writeDigestAndSnapshot(digest, snapshot, flat: flat)
    }

    /// `{"version", "digest", "section", "items"}`: a subtree (``WireSnapshot/subtree(of:includingParent:)``)
    /// of a version whose digest is given, its items as a tree. O(subtree).
    mutating func writeSubtree(
        version: String, digest: String, section: WireID, items: ContiguousArray<WireSnapshot.Item>
    ) {
        writer.beginObject()
        writer.key("version")
        writer.string(version)
        writer.key("digest")
        writer.string(digest)
        writer.key("section")
        writeID(section)
        writer.key("items")
        writer.beginArray()
        _writeOutlineItems(items)
        writer.endArray()
        writer.endObject()
    }

    private mutating func writeDigestAndSnapshot(_ digest: String, _ snapshot: WireSnapshot, flat: Bool) {
        writer.key("digest")
        writer.string(digest)
        writer.key("snapshot")
        writeSnapshot(snapshot, flat: flat)
        writer.endObject()
    }

    /// `{"old": S, "new": S}`, both in the form each was given (a diff request holds two of
    /// the same form). Read by ``WireDecoder/diffRequest(_:options:)``. O(size).
    mutating func writeDiffRequest(old: WireSnapshotDocument, new: WireSnapshotDocument) {
        writer.beginObject()
        writer.key("old")
        writeSnapshot(old.snapshot, flat: old.isFlat)
        writer.key("new")
        writeSnapshot(new.snapshot, flat: new.isFlat)
        writer.endObject()
    }

    /// `{"session": name}`: a session just made. Read by ``WireDecoder/createdSession(_:options:)``.
    mutating func writeCreatedSession(_ name: String) {
        writer.beginObject()
        writer.key("session")
        writer.string(name)
        writer.endObject()
    }

    /// `{"session", "snapshots": [{"name", "version", "digest", "items", "flat"}]}`. Read by
    /// ``WireDecoder/sessionListing(_:options:)``. O(snapshots).
    mutating func writeSessionListing(_ listing: WireSessionListing) {
        writer.beginObject()
        writer.key("session")
        writer.string(listing.session)
        writer.key("snapshots")
        writer.beginArray()
        for snapshot in listing.snapshots {
            writer.beginObject()
            writer.key("name")
            writer.string(snapshot.name)
            writer.key("version")
            writer.string(snapshot.version)
            writer.key("digest")
            writer.string(snapshot.digest)
            writer.key("items")
            writer.int(snapshot.items)
            writer.key("flat")
            writer.bool(snapshot.isFlat)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
