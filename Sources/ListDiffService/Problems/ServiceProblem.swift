import ListDiffHTTP
import ListDiffJSON
import ListDiffWire

/// Every way a service request fails, as an RFC 9457 problem the client can act on: the
/// service's one problem type, for every route it mounts (the transport's `HTTPProblem` answers
/// only what the transport itself refuses), written with ListDiffJSON's
/// ``JSONWriter/writeProblem(type:title:status:detail:members:)``.
struct ServiceProblem: Error {
    /// `urn:listdiff:problem:<name>` (``type(_:)``).
    var type: String
    /// A short summary of the problem type: one title per problem.
    var title: String
    var status: Int
    /// What is wrong and where, for a person.
    var detail: String
    /// Members written after the standard ones, in this order.
    var extensions: [Extension]
    /// Extra response headers (`WWW-Authenticate`, `ETag`).
    var headers: HTTPHeaders = HTTPHeaders()

    init(_ status: Int, _ name: String, title: String, detail: String, extensions: [Extension] = []) {
        self.type = Self.type(name)
        self.title = title
        self.status = status
        self.detail = detail
        self.extensions = extensions
    }

    /// A problem whose status says it all (`about:blank`, titled by the status, as the
    /// transport's own problems are), for a route that answers the way the transport would.
    init(status: Int, title: String, detail: String) {
        self.type = "about:blank"
        self.title = title
        self.status = status
        self.detail = detail
        self.extensions = []
    }

    /// The `type` URI of a named problem; `openapi.yaml` lists them.
    static func type(_ name: String) -> String { "urn:listdiff:problem:\(name)" }

    /// The problem's JSON body. O(size).
    var jsonBytes: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256)
        writer.writeProblem(type: type, title: title, status: status, detail: detail) { writer in
            for member in extensions {
                writer.key(member.name)
                member.value.write(to: &writer)
            }
        }
        return writer.bytes
    }

    var response: HTTPResponse {
        var headers = self.headers
        headers.append(name: "Content-Type", value: JSONWriter.problemMediaType)
        return HTTPResponse(status: status, headers: headers, body: jsonBytes)
    }

    /// A request body that is not valid JSON or not the expected shape (400), or too large (413),
    /// with the error's `pointer`, `offset`, `line`, `column`, `expected` and `found`, and the
    /// repeated identifiers as `duplicates` when there are any. A body that is not JSON at all
    /// (it does not open with `{`, `[` or `"`), sent under another media type, is told so: the
    /// likely mistake is the sender's format, not a character of its body. A JSON body with a
    /// slip in it is not, whatever its type: `curl -d` sends JSON as a form.
    static func readError(_ error: JSONReadError, of request: HTTPRequest) -> ServiceProblem {
        let tooLarge = error.kind == .inputTooLarge
        let malformed = !tooLarge && error.kind != .typeMismatch && error.kind != .schemaViolation
        var problem = ServiceProblem(
            tooLarge ? 413 : 400, tooLarge ? "body-too-large" : "invalid-body",
            title: tooLarge ? "Request body too large" : (malformed ? "Malformed JSON" : "Invalid request body"),
            detail: error.description,
            extensions: [
                .init("pointer", .string(error.pointer.description)), .init("offset", .int(error.offset)),
                .init("line", .int(error.line)), .init("column", .int(error.column)),
                .init("expected", .string(error.expected)), .init("found", .string(error.found))
            ])
        if !error.duplicates.isEmpty { problem.extensions.append(.init("duplicates", .strings(error.duplicates))) }
        if malformed, let contentType = request.headers["Content-Type"], !isJSON(mediaType: contentType),
            !opensLikeJSON(request.body)
        {
            if problem.detail.hasSuffix(".") { problem.detail.removeLast() }
            problem.detail +=
                "; the request's Content-Type is '\(contentType.prefix(100))' and its body is not JSON: send JSON, as application/json"
        }
        return problem
    }

    /// Whether `body`'s first byte past whitespace opens a JSON array, object or string.
    private static func opensLikeJSON(_ body: [UInt8]) -> Bool {
        let first = body.first {
            $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r")
        }
        return first == UInt8(ascii: "[") || first == UInt8(ascii: "{") || first == UInt8(ascii: "\"")
    }

    /// `application/json`, `application/problem+json` or any other `+json` type, parameters aside.
    static func isJSON(mediaType: String) -> Bool {
        let type = mediaType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    /// `/readyz` refusing traffic (503), as `about:blank` like the transport's own 503s: a
    /// probe reads the status, and `openapi.yaml` gives the route the transport's problem.
    static func notReady(_ detail: String) -> ServiceProblem {
        ServiceProblem(status: 503, title: "Service Unavailable", detail: "not ready: \(detail)")
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
    static func formMismatch(storedIsFlat: Bool, _ advice: String, extensions: [Extension] = [])
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

    /// The engine refused to diff (422): not expected for input that passed decoding.
    static func invalidSnapshot(_ detail: String) -> ServiceProblem {
        ServiceProblem(422, "invalid-snapshot", title: "Snapshot cannot be diffed", detail: detail)
    }

    /// An operations list that does not apply to the stored snapshot (422): the failing
    /// operation's `pointer` (`/operations/3`), its `operationIndex` and the engine's reason
    /// (e.g. `no section with identifier "s9" in the snapshot`), and `duplicates` when it would
    /// repeat identifiers. Nothing was applied. O(message length).
    static func operationFailed(_ error: WireOperationError) -> ServiceProblem {
        var problem = ServiceProblem(
            422, "operation-failed", title: "Operation does not apply",
            detail: "Operation \(error.index) (at /operations/\(error.index)) cannot be applied: \(error.reason). "
                + "No operation was applied.",
            extensions: [
                .init("pointer", .string(JSONPointer(tokens: ["operations", String(error.index)]).description)),
                .init("operationIndex", .int(error.index))
            ])
        switch error.reason {
        case .duplicateItems(let ids), .duplicateSections(let ids):
            problem.extensions.append(.init("duplicates", .strings(ids.map(\.string))))
        default: break
        }
        return problem
    }

    static func tooManyItems(_ count: Int, limit: Int, pointer: String) -> ServiceProblem {
        ServiceProblem(
            422, "too-many-items", title: "Too many items",
            detail:
                "the snapshot at \(pointer.isEmpty ? "the top level" : pointer) has \(count) items; the limit is \(limit)",
            extensions: [.init("pointer", .string(pointer)), .init("limit", .int(limit))])
    }
}
