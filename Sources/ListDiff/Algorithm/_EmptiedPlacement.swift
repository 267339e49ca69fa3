/// Where ``SectionedDiff/_placement(keeping:avoidingNoOpMoves:)`` puts an emptied section back:
/// its index in the extended snapshot and its old index.
@usableFromInline
struct _EmptiedPlacement: Sendable, Equatable {
    @usableFromInline let position: Int
    @usableFromInline let source: Int

    @inlinable
    init(position: Int, source: Int) {
        self.position = position
        self.source = source
    }
}
