/// The values a request path gave a route template's `{name}` segments, percent-decoded.
public struct RouteParameters: Sendable, Equatable {
    public private(set) var names: [String] = []
    public private(set) var values: [String] = []

    public init() {}

    /// The value of the segment `{name}`, if the template has one.
    public subscript(name: String) -> String? {
        guard let index = names.firstIndex(of: name) else { return nil }
        return values[index]
    }

    mutating func append(_ name: String, _ value: String) {
        names.append(name)
        values.append(value)
    }
}
