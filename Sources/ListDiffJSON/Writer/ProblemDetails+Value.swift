extension ProblemDetails {
    /// The value of a problem extension member.
    public enum Value: Hashable, Sendable {
        case string(String)
        case int(Int)
        case bool(Bool)
        case strings([String])
        /// Already valid JSON, written as is.
        case rawJSON([UInt8])

        /// Writes the value. O(size).
        public func write(to writer: inout JSONWriter) {
            switch self {
            case .string(let text): writer.string(text)
            case .int(let number): writer.int(number)
            case .bool(let flag): writer.bool(flag)
            case .strings(let texts):
                writer.beginArray()
                for text in texts { writer.string(text) }
                writer.endArray()
            case .rawJSON(let json): json.withUnsafeBytes { writer.raw($0) }
            }
        }
    }
}
