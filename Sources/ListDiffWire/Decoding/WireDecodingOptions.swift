import ListDiffJSON

/// How the wire decoders treat input beyond the grammar.
public struct WireDecodingOptions: Hashable, Sendable {
    /// What to do with an object member the schema does not name.
    public enum UnknownMembers: String, Hashable, Sendable {
        /// Fail with a schema violation naming the member and the ones allowed (the default:
        /// a misspelt `"reloded"` is an error, not a silently ignored mark).
        case reject
        /// Skip the member (still validated as JSON).
        case ignore
    }

    /// Unknown members; ``UnknownMembers/reject`` by default.
    public var unknownMembers: UnknownMembers
    /// The reader's limits (nesting depth, input size).
    public var read: JSONReadOptions

    /// Creates options. O(1).
    public init(unknownMembers: UnknownMembers = .reject, read: JSONReadOptions = JSONReadOptions()) {
        self.unknownMembers = unknownMembers
        self.read = read
    }
}
