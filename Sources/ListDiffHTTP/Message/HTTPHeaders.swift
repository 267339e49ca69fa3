/// An ordered list of header fields. Repeated names are kept (in order); lookups ignore
/// ASCII case. Lookups are linear, which beats hashing for the handful of headers a request
/// carries.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [HTTPHeaderField]

    public init() { fields = [] }

    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { HTTPHeaderField(name: $0.0, value: $0.1) }
    }

    /// One field, in an array of one: a response's usual `Content-Type` (the dictionary
    /// literal allocated the literal's array and the fields' both).
    init(name: String, value: String) {
        fields = [HTTPHeaderField(name: name, value: value)]
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[HTTPHeaderField]> { fields.makeIterator() }

    /// Appends a field, keeping any earlier field of the same name.
    public mutating func append(name: String, value: String) {
        // A request carries a handful: one allocation for the first eight, not three growing to four.
        if fields.isEmpty { fields.reserveCapacity(8) }
        fields.append(HTTPHeaderField(name: name, value: value))
    }

    /// Appends every field of `other`, in order.
    public mutating func append(contentsOf other: HTTPHeaders) {
        fields.append(contentsOf: other.fields)
    }

    /// Replaces every field called `name` with a single one.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        append(name: name, value: value)
    }

    /// Removes every field called `name`.
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// The first value of `name`, if any.
    public subscript(name: String) -> String? {
        for field in fields where Self.namesMatch(field.name, name) { return field.value }
        return nil
    }

    /// Every value of `name`, in arrival order.
    public func values(for name: String) -> [String] {
        fields.compactMap { Self.namesMatch($0.name, name) ? $0.value : nil }
    }

    /// Whether any `name` field lists `token` in its comma-separated value (ASCII case ignored),
    /// as for `Connection: keep-alive, Upgrade`.
    public func containsToken(_ token: String, in name: String) -> Bool {
        for field in fields where Self.namesMatch(field.name, name) {
            for part in field.value.utf8.split(separator: UInt8(ascii: ",")) {
                if Self.bytesMatchIgnoringCase(HTTPBytes.trimmed(part), token.utf8) { return true }
            }
        }
        return false
    }

    /// ASCII case-insensitive equality of two header names. Compares the strings' UTF-8
    /// storage in place (one length check, then a byte loop): matching through the views'
    /// iterators cost a fifth of a small request's parsing.
    public static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in bytesMatchIgnoringCase(left, right) } }
    }

    /// The same over two buffers, indexed directly: names are compared for every field of
    /// every request, and the generic walk above took twice the instructions.
    static func bytesMatchIgnoringCase(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count where HTTPBytes.lowercased(lhs[index]) != HTTPBytes.lowercased(rhs[index]) {
            return false
        }
        return true
    }

    static func bytesMatchIgnoringCase<L: Collection<UInt8>, R: Collection<UInt8>>(_ lhs: L, _ rhs: R) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (left, right) in zip(lhs, rhs) where HTTPBytes.lowercased(left) != HTTPBytes.lowercased(right) {
            return false
        }
        return true
    }
}
