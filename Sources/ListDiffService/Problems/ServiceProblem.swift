import ListDiffHTTP
import ListDiffJSON
import ListDiffWire

/// Every way a service request fails, as an RFC 9457 problem the client can act on.
struct ServiceProblem: Error {
    var details: ProblemDetails
    /// Extra response headers (`WWW-Authenticate`, `ETag`).
    var headers: HTTPHeaders = HTTPHeaders()

    init(_ status: Int, _ name: String, title: String, detail: String, extensions: [ProblemDetails.Extension] = []) {
        details = ProblemDetails(
            type: Self.type(name), title: title, status: status, detail: detail, extensions: extensions)
    }

    init(_ details: ProblemDetails) {
        self.details = details
    }

    /// The `type` URI of a named problem; `openapi.yaml` lists them.
    static func type(_ name: String) -> String { "urn:listdiff:problem:\(name)" }

    var response: HTTPResponse {
        var headers = self.headers
        headers.append(name: "Content-Type", value: ProblemDetails.mediaType)
        return HTTPResponse(status: details.status, headers: headers, body: details.jsonBytes)
    }

    /// A request body that is not valid JSON or not the expected shape (400), or too large (413).
    /// A body that is not JSON at all, sent under another media type, is told so: the likely
    /// mistake is the sender's format, not a character of its body.
    static func readError(_ error: JSONReadError, contentType: String?) -> ServiceProblem {
        var details = ProblemDetails(
            readError: error, type: type(error.kind == .inputTooLarge ? "body-too-large" : "invalid-body"))
        if let contentType, !isJSON(mediaType: contentType), details.title == "Malformed JSON" {
            details.detail =
                (details.detail ?? "")
                + "; the request's Content-Type is '\(contentType.prefix(100))': send JSON, as application/json"
        }
        return ServiceProblem(details)
    }

    /// `application/json`, `application/problem+json` or any other `+json` type, parameters aside.
    static func isJSON(mediaType: String) -> Bool {
        let type = mediaType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    static func notFound(_ detail: String) -> ServiceProblem {
        ServiceProblem(404, "not-found", title: "Not found", detail: detail)
    }

    static func badQuery(_ name: String, _ value: String, allowed: String) -> ServiceProblem {
        ServiceProblem(
            400, "invalid-query", title: "Invalid query parameter",
            detail: "query parameter '\(name)' is '\(value)'; allowed: \(allowed)",
            extensions: [.init("parameter", .string(name))])
    }

    /// A query parameter the route does not take, or one given more than once: a typo must
    /// not turn a long poll into a busy loop or silently answer another format.
    static func unexpectedQuery(_ name: String, repeated: Bool, allowed: [String]) -> ServiceProblem {
        let takes =
            allowed.isEmpty
            ? "this route takes no query parameters"
            : "this route takes \(allowed.joined(separator: ", ")), each at most once"
        let suggestion = repeated ? nil : NearestName.suggestion(for: name, among: allowed)
        let what =
            repeated
            ? "query parameter '\(name.prefix(80))' is given more than once"
            : "query parameter '\(name.prefix(80))' is unknown\(suggestion.map { " (did you mean '\($0)'?)" } ?? "")"
        return ServiceProblem(
            400, "invalid-query", title: "Invalid query parameter", detail: "\(what); \(takes)",
            extensions: [.init("parameter", .string(String(name.prefix(200)))), .init("allowed", .strings(allowed))])
    }

    static func invalidName(_ what: String, _ name: String) -> ServiceProblem {
        ServiceProblem(
            400, "invalid-name", title: "Invalid name",
            detail:
                "\(what) name '\(name.prefix(80))' is invalid: use 1 to \(NameRules.maxLength) characters of A-Z a-z 0-9 . _ ~ - (not '.' or '..')",
            extensions: [.init("name", .string(String(name.prefix(200))))])
    }

    /// Operations whose cost (operations × items) is over the limit: nothing was applied.
    static func tooMuchWork(operations: Int, items: Int, limit: Int) -> ServiceProblem {
        ServiceProblem(
            422, "too-much-work", title: "Too many operations for this snapshot",
            detail:
                "\(operations) operations on a snapshot of \(items) items may take \(operations) × \(items) item steps "
                + "(an operation that may change an outline's structure counts as \(WireOperation.outlineStepWeight)); "
                + "the limit is \(limit). Send fewer operations per request, or the whole new snapshot with PUT (its diff costs one step per item)",
            extensions: [.init("pointer", .string("/operations")), .init("limit", .int(limit))])
    }

    /// A write or an operation of the other form than the snapshot holds: 409.
    static func formMismatch(storedIsFlat: Bool, _ advice: String, extensions: [ProblemDetails.Extension] = [])
        -> ServiceProblem
    {
        ServiceProblem(
            409, "form-mismatch", title: "Snapshot form differs",
            detail: "the snapshot holds a \(storedIsFlat ? "flat list (a bare array of items)" : "sectioned list")"
                + advice,
            extensions: extensions)
    }

    /// A request header that is malformed or repeated where one is allowed.
    static func invalidHeader(_ name: String, _ detail: String) -> ServiceProblem {
        ServiceProblem(
            400, "invalid-header", title: "Invalid header", detail: detail, extensions: [.init("header", .string(name))]
        )
    }

    static func tooManyItems(_ count: Int, limit: Int, pointer: String) -> ServiceProblem {
        ServiceProblem(
            422, "too-many-items", title: "Too many items",
            detail:
                "the snapshot at \(pointer.isEmpty ? "the top level" : pointer) has \(count) items; the limit is \(limit)",
            extensions: [.init("pointer", .string(pointer)), .init("limit", .int(limit))])
    }
}
