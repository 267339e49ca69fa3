import ListDiffHTTP

/// The `/v1` route group's middleware: the API key or token checked, and a token against the
/// access its route declares (``RouteAccess``), once per request on its head — before any body
/// byte is buffered when one follows, so a request without a valid key never sends its body.
/// Its handlers get the caller and the route's parameters with the whole request.
struct CallerAuthentication: HTTPMiddleware {
    /// What a `/v1` handler gets besides the request.
    struct Call: Sendable {
        let caller: Caller
        let parameters: RouteParameters
    }

    let service: ListDiffService

    func admit(_ head: HTTPRequest, to route: MatchedRoute, requiring access: RouteAccess) -> HTTPAdmission<Call> {
        do throws(ServiceProblem) {
            let caller = try service.authorizedCaller(head, route: route, access: access)
            return .admitted(Call(caller: caller, parameters: route.parameters))
        } catch {
            return .refused(error.response)
        }
    }
}
