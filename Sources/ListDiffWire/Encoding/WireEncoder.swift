import ListDiff
import ListDiffJSON

/// Encodes the wire's documents straight from engine values into bytes: no intermediate tree,
/// no Foundation. Each document is written as ``WireDecoder``'s function of the same name
/// reads it, so the service and its clients share both directions; see the module
/// documentation for the shapes. Output is deterministic: the same values always give the same
/// bytes, with no whitespace.
///
/// Each function writes into one buffer reserved from an estimate of the document's size and
/// answers that buffer; the changeset writers take `reservingCapacity` for callers that know
/// better.
public enum WireEncoder {
    /// Encodes a snapshot: sectioned `{"sections": [{"id", "content"?, "items"}], "reloaded"?,
    /// "reconfigured"?, "reloadedSections"?}`; flat, the items of every section as one bare
    /// array, or `{"items": […], "reloaded"?, "reconfigured"?}` when items are marked. Read by
    /// ``WireDecoder/snapshot(_:options:)``. O(size).
    public static func snapshot(_ snapshot: WireSnapshot, flat: Bool) -> [UInt8] {
        _WireEncoder.run(reservingCapacity: 16 * snapshot.numberOfItems + 64) { $0.writeSnapshot(snapshot, flat: flat) }
    }

    /// Encodes a diff request `{"old": S, "new": S}`, both in the form each was given (a diff
    /// request holds two of the same form). Read by ``WireDecoder/diffRequest(_:options:)``.
    /// O(size).
    public static func diffRequest(old: WireSnapshotDocument, new: WireSnapshotDocument) -> [UInt8] {
        let capacity = 16 * (old.snapshot.numberOfItems + new.snapshot.numberOfItems) + 64
        return _WireEncoder.run(reservingCapacity: capacity) { $0.writeDiffRequest(old: old, new: new) }
    }

    /// Encodes an operations list `{"operations": [Op, …]}`. Read by
    /// ``WireDecoder/operations(_:options:)``. O(size).
    public static func operations(_ operations: [WireOperation]) -> [UInt8] {
        _WireEncoder.run(reservingCapacity: 64 * operations.count + 32) { $0.writeOperations(operations) }
    }

    /// Encodes a changeset in the batch or the sequential form, assembled before
    /// (``WireChangeset/init(_:sequential:)``): the answer to `POST /v1/diff`. O(changeset).
    public static func changeset(_ changeset: WireChangeset, flat: Bool, reservingCapacity capacity: Int? = nil)
        -> [UInt8]
    {
        _WireEncoder.run(reservingCapacity: capacity ?? 256) { $0.writeChangeset(changeset, flat: flat) }
    }

    /// Encodes a batch changeset `{"stages": [stage…], "updates": {…}}`; stage `i` carries
    /// `"snapshot"` when the document has an intermediate snapshot `i`. Flat: plain item
    /// indexes, and section members only if a changeset (unusually) has section changes. Read
    /// by ``WireDecoder/batchChangeset(_:flat:options:)``. O(size).
    public static func batchChangeset(
        _ document: WireBatchDocument, flat: Bool, reservingCapacity capacity: Int? = nil
    ) -> [UInt8] {
        _WireEncoder.run(reservingCapacity: capacity ?? 256) {
            $0.writeBatch(document.changeset, intermediateSnapshots: document.intermediateSnapshots, flat: flat)
        }
    }

    /// Encodes a sequential changeset `{"operations": [op…]}`. Flat lists get Android
    /// `ListUpdateCallback` names with plain indexes. Read by
    /// ``WireDecoder/sequentialChangeset(_:flat:options:)``. O(size).
    public static func sequentialChangeset(
        _ changeset: SequentialChangeset, flat: Bool, reservingCapacity capacity: Int? = nil
    ) -> [UInt8] {
        _WireEncoder.run(reservingCapacity: capacity ?? 256) { $0.writeSequential(changeset, flat: flat) }
    }

    /// Encodes `{"from", "to", "digest", "changeset", "values"?}`: a stored snapshot's answer to
    /// a write or to `changes?since=`, its changeset already assembled; `values` when `fresh` is
    /// given (the batch form's, ``WireChangeset/freshElements(in:)``), `rows` the snapshot they
    /// come from (it names an outline row's parent). Read by
    /// ``WireDecoder/changes(_:sequential:options:)``. O(changeset + values).
    public static func changes(
        from: String, to: String, digest: String, changeset: WireChangeset, fresh: WireFreshElements?,
        rows: WireSnapshot?, flat: Bool, reservingCapacity capacity: Int? = nil
    ) -> [UInt8] {
        _WireEncoder.run(reservingCapacity: capacity ?? 256) {
            $0.writeChanges(
                from: from, to: to, digest: digest, changeset: changeset, fresh: fresh, rows: rows, flat: flat)
        }
    }

    /// Encodes `{"reset": true, "to", "digest", "snapshot"}`: the whole current snapshot for a
    /// client whose version cannot be diffed against. Read by
    /// ``WireDecoder/changes(_:sequential:options:)``. O(size).
    public static func reset(to version: String, digest: String, snapshot: WireSnapshot, flat: Bool) -> [UInt8] {
        _WireEncoder.run(reservingCapacity: 16 * snapshot.numberOfItems + 128) {
            $0.writeReset(to: version, digest: digest, snapshot: snapshot, flat: flat)
        }
    }

    /// Encodes `{"version", "digest", "snapshot"}`: a stored snapshot as `GET` answers it. Read
    /// by ``WireDecoder/versionedSnapshot(_:options:)``. O(size).
    public static func versionedSnapshot(version: String, digest: String, snapshot: WireSnapshot, flat: Bool)
        -> [UInt8]
    {
        _WireEncoder.run(reservingCapacity: 16 * snapshot.numberOfItems + 128) {
            $0.writeVersionedSnapshot(version: version, digest: digest, snapshot: snapshot, flat: flat)
        }
    }

    /// Encodes `{"version", "digest", "section", "items"}`: a subtree
    /// (``WireSnapshot/subtree(of:includingParent:)``) of a version whose digest is given, its
    /// items as a tree. O(subtree).
    public static func subtree(
        version: String, digest: String, section: WireID, items: ContiguousArray<WireSnapshot.Item>
    ) -> [UInt8] {
        _WireEncoder.run(reservingCapacity: 16 * items.count + 128) {
            $0.writeSubtree(version: version, digest: digest, section: section, items: items)
        }
    }

    /// Encodes `{"session": name}`: a session just made. Read by
    /// ``WireDecoder/createdSession(_:options:)``. O(length).
    public static func createdSession(_ name: String) -> [UInt8] {
        _WireEncoder.run(reservingCapacity: 0) { $0.writeCreatedSession(name) }
    }

    /// Encodes `{"session", "snapshots": [{"name", "version", "digest", "items", "flat"}]}`.
    /// Read by ``WireDecoder/sessionListing(_:options:)``. O(snapshots).
    public static func sessionListing(_ listing: WireSessionListing) -> [UInt8] {
        _WireEncoder.run(reservingCapacity: 0) { $0.writeSessionListing(listing) }
    }
}
