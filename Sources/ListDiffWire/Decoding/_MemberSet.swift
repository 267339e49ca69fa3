/// The members of one schema object: their names, and which were seen, so that a duplicate
/// member is an error and a missing one can be named.
@usableFromInline
internal struct _MemberSet {
    @usableFromInline let names: [StaticString]
    /// The names this object takes (a bit per name); the others count as unknown members.
    @usableFromInline let allowed: UInt32
    @usableFromInline var seen: UInt32 = 0

    @inlinable
    init(_ names: [StaticString], allowed: UInt32 = .max) {
        self.names = names
        self.allowed = allowed
    }

    /// Whether the member at `index` was seen. O(1).
    @inlinable
    func has(_ index: Int) -> Bool {
        seen & (1 &<< UInt32(index)) != 0
    }

    /// The allowed names. O(names).
    var allowedNames: [String] {
        names.indices.filter { allowed & (1 << $0) != 0 }.map { "\(names[$0])" }
    }

    /// The allowed names as a phrase: `"id", "content"`. O(names).
    @usableFromInline
    var phrase: String {
        names.indices.filter { allowed & (1 << $0) != 0 }.map { "\"\(names[$0])\"" }.joined(separator: ", ")
    }
}
