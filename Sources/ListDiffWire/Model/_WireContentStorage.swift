import ListDiffJSON

/// What a ``WireContent`` refers to: the value's fingerprint, where its bytes lie in the
/// body it was read from (an empty range when the item names only a kind or a place in an
/// outline), the kind, and the outline placement. Kept out of line so that a content, and an
/// absent one, is one word in every item (items without content, the common case, stay 32
/// bytes); the placement fits in the padding of the 64-byte allocation's size class.
@usableFromInline
internal final class _WireContentStorage: Sendable {
    @usableFromInline let fingerprint: ContentFingerprint
    @usableFromInline let body: _WireBody
    @usableFromInline let start: Int
    @usableFromInline let end: Int
    @usableFromInline let kind: _CellKindName?
    @usableFromInline let placement: _OutlinePlacement

    @inlinable
    init(
        fingerprint: ContentFingerprint, body: _WireBody, range: Range<Int>, kind: _CellKindName?,
        placement: _OutlinePlacement
    ) {
        self.fingerprint = fingerprint
        self.body = body
        start = range.lowerBound
        end = range.upperBound
        self.kind = kind
        self.placement = placement
    }

    /// Calls `body` with the value's JSON bytes. O(1) plus `body`.
    @inlinable
    func withUnsafeJSON<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        // The body is read through an unretained reference (this storage keeps it alive): a
        // retain and release of its bytes per content were a tenth of a snapshot's digest.
        let range = start..<end
        return Unmanaged.passUnretained(self.body)._withUnsafeGuaranteedRef { wireBody in
            wireBody.bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
        }
    }
}
