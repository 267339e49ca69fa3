/// The immutable bytes of one decoded body, shared by every ``WireContent`` read from it so
/// that content costs no allocation per item.
@usableFromInline
internal final class _WireBody: Sendable {
    @usableFromInline let bytes: [UInt8]

    @inlinable
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }
}
