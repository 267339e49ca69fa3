/// An item's kind, boxed: a content holds one reference to it (nil for no kind), so content
/// without a kind — nearly all of it — stays 64 bytes (the size of the allocation it was
/// before kinds). Items read from one body with the same kind share one box.
@usableFromInline
final class _CellKindName: Sendable {
    @usableFromInline let text: String

    @inlinable
    init(_ text: String) {
        self.text = text
    }
}
