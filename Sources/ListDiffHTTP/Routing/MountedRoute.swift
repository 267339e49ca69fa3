/// A route as a ``Router`` holds it, for the application to look over its routes (that every
/// route under a prefix is guarded, say): its method, its path or template, and what it
/// declared to its group's middleware.
public struct MountedRoute: Sendable {
    public let method: String
    public let template: String
    /// The route's ``HTTPMiddleware/Requirement`` (`()` when its middleware takes none); nil
    /// for a route of no ``RouteGroup``, which no middleware runs for.
    public let requirement: (any Sendable)?
}
