@_spi(Unchecked) import ListDiff

/// The two snapshots of a ``WireDiffRequest``, held in one box so that when the request's last
/// copy goes, the item arrays that nothing else holds are emptied here, in code specialised
/// for the wire's items. Left to themselves, the arrays' storage destroys its items through
/// the run-time value witnesses of the generic `Snapshot.Item`, which cost a good part of
/// decoding a request of short identifiers; emptied here, an item without
/// references (a short identifier or a UUID, no content) costs a test (see
/// ``_PlainItems/empty(_:)``). Arrays still held elsewhere (a snapshot kept after the request)
/// are left alone.
///
/// Sendable without checking because ``old`` and ``new`` change only through a request that
/// holds the box alone (``WireDiffRequest`` copies it first otherwise).
internal final class _OwnedSnapshots: @unchecked Sendable {
    // Unchecked: read without the run-time exclusivity check (a call a read), which copying
    // the box before every change makes needless.
    @exclusivity(unchecked) var old: WireSnapshot
    @exclusivity(unchecked) var new: WireSnapshot

    init(old: WireSnapshot, new: WireSnapshot) {
        self.old = old
        self.new = new
    }

    deinit {
        Self.release(&old)
        Self.release(&new)
    }

    /// Empties the item arrays of `snapshot` that it alone holds. O(items).
    static func release(_ snapshot: inout WireSnapshot) {
        snapshot.editItemsUnchecked { sections in
            guard _PlainItems.isUniquelyReferenced(&sections) else { return }
            sections.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices where _PlainItems.isUniquelyReferenced(&buffer[index].items) {
                    _PlainItems.empty(&buffer[index].items)
                }
            }
        }
    }
}
