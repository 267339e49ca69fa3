extension ProblemDetails {
    /// An extension member of a problem: a name and a simple JSON value.
    public struct Extension: Hashable, Sendable {
        /// The member name.
        public var name: String
        /// The member value.
        public var value: Value

        /// Creates an extension member. O(1).
        public init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }
    }
}
