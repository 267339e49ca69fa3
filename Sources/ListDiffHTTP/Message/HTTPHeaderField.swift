/// One header line as received or to be sent: the name keeps its spelling, comparisons
/// ignore ASCII case.
public struct HTTPHeaderField: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
