import ListDiffJSON

extension ServiceProblem {
    /// An extension member of a problem: a name and a simple JSON value, written after the
    /// standard members in the order given.
    struct Extension: Hashable, Sendable {
        var name: String
        var value: Value

        init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// The value of a problem extension member.
    enum Value: Hashable, Sendable {
        case string(String)
        case int(Int)
        case bool(Bool)
        case strings([String])

        /// Writes the value. O(size).
        func write(to writer: inout JSONWriter) {
            switch self {
            case .string(let text): writer.string(text)
            case .int(let number): writer.int(number)
            case .bool(let flag): writer.bool(flag)
            case .strings(let texts):
                writer.beginArray()
                for text in texts { writer.string(text) }
                writer.endArray()
            }
        }
    }
}
