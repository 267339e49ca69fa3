import ListDiff
import ListDiffHTTP

/// How a changeset is asked for: `format=batch|sequential`, `updates=reconfigure|reload` and
/// `include=values` (the batch form's fresh elements, so a client holding only the old list
/// can apply it).
struct ChangesetFormat: Hashable, Sendable {
    var sequential = false
    var options = DiffOptions()
    var includesValues = false

    /// From the request's query; a value other than the allowed ones is a 400 problem. The
    /// request is borrowed: taken as an initializer's argument, it was copied whole (a retain
    /// and a release of each of its fields).
    init(query request: borrowing HTTPRequest) throws(ServiceProblem) {
        switch request.queryValue("format") {
        case nil, "batch": sequential = false
        case "sequential": sequential = true
        case let other?: throw ServiceProblem.badQuery("format", other, allowed: "batch, sequential")
        }
        switch request.queryValue("updates") {
        case nil, "reconfigure": options = DiffOptions(contentUpdates: .reconfigure)
        case "reload": options = DiffOptions(contentUpdates: .reload)
        case let other?: throw ServiceProblem.badQuery("updates", other, allowed: "reconfigure, reload")
        }
        switch request.queryValue("include") {
        case nil: includesValues = false
        case "values" where !sequential: includesValues = true
        case let other?:
            throw ServiceProblem.badQuery(
                "include", other, allowed: sequential ? "nothing with format=sequential" : "values")
        }
    }

    init() {}
}
