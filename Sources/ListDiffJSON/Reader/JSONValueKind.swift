/// The JSON type of the next value, as reported by ``JSONReader/peekKind()``.
public enum JSONValueKind: String, Hashable, Sendable {
    case object
    case array
    case string
    case number
    case bool
    case null

    /// The type with an article, for error messages: "an object", "a string", …
    public var phrase: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
