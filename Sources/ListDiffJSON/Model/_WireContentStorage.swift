/// What a ``WireContent`` refers to: the value's fingerprint and where its bytes lie in the
/// body it was read from. Kept out of line so that a content, and an absent one, is one word
/// in every item (items without content, the common case, stay 32 bytes).
@usableFromInline
internal final class _WireContentStorage: Sendable {
    @usableFromInline let fingerprint: ContentFingerprint
    @usableFromInline let body: _WireBody
    @usableFromInline let start: Int
    @usableFromInline let end: Int

    @inlinable
    init(fingerprint: ContentFingerprint, body: _WireBody, range: Range<Int>) {
        self.fingerprint = fingerprint
        self.body = body
        start = range.lowerBound
        end = range.upperBound
    }
}
