/// Why a request could not be accepted, with the status the transport answers and a detail
/// that names what is wrong and where (it goes into the problem+json body).
public struct HTTPParseError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case badRequest
        case requestLineTooLong
        case headerFieldsTooLarge
        case contentTooLarge
        case expectationFailed
        case notImplemented
        case versionNotSupported
    }

    public var kind: Kind
    public var detail: String
    /// The body length the head declared when the body is refused for it (413): what a
    /// client that writes before it reads will still send.
    public var declaredBodyBytes: Int?

    public init(_ kind: Kind, _ detail: String, declaredBodyBytes: Int? = nil) {
        self.kind = kind
        self.detail = detail
        self.declaredBodyBytes = declaredBodyBytes
    }

    /// The response status for this error.
    public var status: Int {
        switch kind {
        case .badRequest: return 400
        case .requestLineTooLong: return 414
        case .headerFieldsTooLarge: return 431
        case .contentTooLarge: return 413
        case .expectationFailed: return 417
        case .notImplemented: return 501
        case .versionNotSupported: return 505
        }
    }
}
