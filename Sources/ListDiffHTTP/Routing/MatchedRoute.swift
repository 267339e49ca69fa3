/// The route a request matched, found once per request: its template
/// (`/v1/sessions/{session}`, what logs and metrics name) and the values of its parameters.
public struct MatchedRoute: Sendable {
    public let template: String
    public let parameters: RouteParameters
}
