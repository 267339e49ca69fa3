/// One `name=value` pair of a query string, percent-decoded (`+` read as a space).
public struct HTTPQueryParameter: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
