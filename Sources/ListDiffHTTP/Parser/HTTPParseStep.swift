/// What one call of ``HTTPRequestParser/parse(_:)`` produced, and how many input bytes it
/// used up (the caller drops them before the next call).
public struct HTTPParseStep: Sendable {
    public var consumed: Int
    public var event: HTTPParseEvent
}

/// The outcome of a parse step.
public enum HTTPParseEvent: Sendable {
    /// The input holds no complete request yet; call again with more bytes.
    case needMoreData
    /// The head is complete and a body follows (`declaredBytes`, nil when chunked; of which
    /// `arrivedBytes` or more are already in the input): the caller may refuse the request
    /// now, before any of its body is buffered. Otherwise it sends `100 Continue` if
    /// `expectsContinue` (asked, and no body byte has arrived yet) and keeps parsing.
    case bodyFollows(declaredBytes: Int?, arrivedBytes: Int, expectsContinue: Bool)
    /// A complete request.
    case request(HTTPRequest)
    /// The input is not an acceptable request; answer with the error's status and close.
    case failure(HTTPParseError)
}
