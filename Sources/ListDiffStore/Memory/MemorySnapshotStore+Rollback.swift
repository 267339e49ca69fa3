/// A test hook, for the store conformance suite only (the server never imports this SPI): puts
/// one snapshot and the version counter back as they were, as a store restored from a backup
/// would be, so that the suite can show a rolled-back store answer what it holds and never a
/// changeset against content it lost. The byte ledger is not rolled back.
@_spi(Rollback) extension MemorySnapshotStore {
    /// One snapshot's state and the version counter at a moment.
    public struct Checkpoint: Sendable {
        let address: SnapshotAddress
        let counter: Int
        let state: StoredSnapshot.Saved
    }

    /// The state of the snapshot at `address` (which must exist) and of the version counter.
    public func checkpoint(_ address: SnapshotAddress) throws(StoreError) -> Checkpoint {
        Checkpoint(address: address, counter: versions.last, state: try existingSnapshot(address).snapshot.saved())
    }

    /// Puts the snapshot and the counter back as `checkpoint` found them; the snapshot's waits,
    /// registered at a version this takes away, are answered with a reset to what it restores.
    public func restore(_ checkpoint: Checkpoint) throws(StoreError) {
        try existingSnapshot(checkpoint.address).snapshot.restore(checkpoint.state)
        versions.rewind(to: checkpoint.counter)
    }
}
