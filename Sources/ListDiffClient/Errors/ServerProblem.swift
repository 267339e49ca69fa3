/// A problem the server answered (RFC 9457 `application/problem+json`), with the members
/// ListDiff adds where they apply.
public struct ServerProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The HTTP status.
    public var status: Int
    /// `urn:listdiff:problem:<name>` for the service's problems, `about:blank` for the
    /// transport's.
    public var type: String
    public var title: String
    /// What is wrong and where, for a person.
    public var detail: String
    /// The JSON Pointer of the offending element of the request body (or the failing
    /// operation, `/operations/3`).
    public var pointer: String?
    /// The repeated identifiers, when the body or an operation repeats some.
    public var duplicates: [String]
    /// The failing operation's index, for an operations list that does not apply.
    public var operationIndex: Int?
    /// The snapshot's current version, when a conditional write lost (412).
    public var currentVersion: SnapshotVersion?
    /// The limit that was exceeded (items, snapshots, sessions), when one was.
    public var limit: Int?
    /// The query parameter at fault, for a bad query.
    public var parameter: String?

    public init(
        status: Int, type: String = "about:blank", title: String, detail: String, pointer: String? = nil,
        duplicates: [String] = [], operationIndex: Int? = nil, currentVersion: SnapshotVersion? = nil,
        limit: Int? = nil, parameter: String? = nil
    ) {
        self.status = status
        self.type = type
        self.title = title
        self.detail = detail
        self.pointer = pointer
        self.duplicates = duplicates
        self.operationIndex = operationIndex
        self.currentVersion = currentVersion
        self.limit = limit
        self.parameter = parameter
    }

    /// The problem's short name: `version-mismatch` for `urn:listdiff:problem:version-mismatch`.
    public var name: String {
        type.hasPrefix(Self.typePrefix) ? String(type.dropFirst(Self.typePrefix.count)) : type
    }

    static let typePrefix = "urn:listdiff:problem:"

    public var description: String { "\(status) \(title): \(detail)" }
}
