/// An RFC 9457 problem details object (`application/problem+json`).
///
/// Members are written in a fixed order: `type`, `title`, `status`, `detail`, `instance`,
/// then the extension members in the order given.
public struct ProblemDetails: Hashable, Sendable {
    /// The media type of the serialized form.
    public static let mediaType = "application/problem+json"

    /// A URI reference identifying the problem type; `about:blank` when only the status matters.
    public var type: String
    /// A short summary of the problem type.
    public var title: String
    /// The HTTP status code.
    public var status: Int
    /// An explanation of this occurrence a person can act on.
    public var detail: String?
    /// A URI reference identifying this occurrence.
    public var instance: String?
    /// Extension members, written after the standard ones in this order.
    public var extensions: [Extension]

    /// Creates a problem. O(1).
    public init(
        type: String = "about:blank", title: String, status: Int, detail: String? = nil,
        instance: String? = nil, extensions: [Extension] = []
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.extensions = extensions
    }

    /// A 400 problem for malformed JSON (or 413 for input over the size limit), with the
    /// error's `pointer`, `offset`, `line` and `column` as extension members, and the
    /// repeated identifiers as `duplicates` when there are any. O(1).
    public init(readError error: JSONReadError, type: String = "about:blank") {
        let tooLarge = error.kind == .inputTooLarge
        defer {
            if !error.duplicates.isEmpty { extensions.append(Extension("duplicates", .strings(error.duplicates))) }
        }
        self.init(
            type: type,
            title: tooLarge
                ? "Request body too large"
                : (error.kind == .typeMismatch || error.kind == .schemaViolation
                    ? "Invalid request body" : "Malformed JSON"),
            status: tooLarge ? 413 : 400,
            detail: error.description,
            extensions: [
                Extension("pointer", .string(error.pointer.description)),
                Extension("offset", .int(error.offset)),
                Extension("line", .int(error.line)),
                Extension("column", .int(error.column)),
                Extension("expected", .string(error.expected)),
                Extension("found", .string(error.found))
            ]
        )
    }

    /// Writes the problem as one JSON object value. O(size).
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("type")
        writer.string(type)
        writer.key("title")
        writer.string(title)
        writer.key("status")
        writer.int(status)
        if let detail {
            writer.key("detail")
            writer.string(detail)
        }
        if let instance {
            writer.key("instance")
            writer.string(instance)
        }
        for member in extensions {
            writer.key(member.name)
            member.value.write(to: &writer)
        }
        writer.endObject()
    }

    /// The serialized problem. O(size).
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256)
        write(to: &writer)
        return writer.bytes
    }
}
