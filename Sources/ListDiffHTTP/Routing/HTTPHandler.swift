/// A request handler and where it should run.
public struct HTTPHandler: Sendable {
    public let cost: HandlerCost
    public let respond: @Sendable (HTTPRequest) -> HTTPResponse

    public init(cost: HandlerCost = .cheap, _ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.cost = cost
        self.respond = respond
    }
}
