extension JSONWriter {
    /// The media type of an RFC 9457 problem body.
    public static let problemMediaType = "application/problem+json"

    /// Writes an RFC 9457 problem details object: `type`, `title`, `status`, `detail` (when
    /// given), then the extension members `members` writes (a ``key(_:)-(String)`` and a value
    /// each), in that fixed order. The JSON of a problem, not a model of one: each layer keeps
    /// its own problem type and writes it with this. O(size).
    public mutating func writeProblem(
        type: String, title: String, status: Int, detail: String?, members: (inout JSONWriter) -> Void = { _ in }
    ) {
        beginObject()
        key("type")
        string(type)
        key("title")
        string(title)
        key("status")
        int(status)
        if let detail {
            key("detail")
            string(detail)
        }
        members(&self)
        endObject()
    }
}
