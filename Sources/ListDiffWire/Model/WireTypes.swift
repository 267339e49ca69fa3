import ListDiff

/// A snapshot as the wire carries it: identifiers are ``WireID``s, content is ``WireContent``.
public typealias WireSnapshot = Snapshot<WireID, WireID, WireContent>
/// One operation of the engine's snapshots, as ``WireOperation/snapshot(_:)`` carries it.
public typealias WireSnapshotOperation = SnapshotOperation<WireID, WireID, WireContent>
/// The diff of two wire snapshots.
public typealias WireDiff = SectionedDiff<WireID, WireID, WireContent>
/// Why a wire snapshot could not be built or changed.
public typealias WireSnapshotError = SnapshotError<WireID, WireID>
/// Which operation of a wire operation list failed, and why.
public typealias WireOperationError = SnapshotOperationError<WireID, WireID>
/// What a wire batch changeset brings that the old snapshot lacks (a changeset's `values`).
public typealias WireFreshElements = BatchFreshElements<WireID, WireID, WireContent>
