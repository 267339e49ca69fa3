/// The members of one schema object: their names, and which were seen, so that a duplicate
/// member is an error and a missing one can be named.
@usableFromInline
internal struct _MemberSet {
    @usableFromInline let names: [StaticString]
    @usableFromInline var seen: UInt32 = 0

    @inlinable
    init(_ names: [StaticString]) {
        self.names = names
    }

    /// Whether the member at `index` was seen. O(1).
    @inlinable
    func has(_ index: Int) -> Bool {
        seen & (1 &<< UInt32(index)) != 0
    }

    /// The allowed names as a phrase: `"id", "content"`. O(names).
    @usableFromInline
    var phrase: String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
