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
    /// The head asked `Expect: 100-continue` and no body byte has arrived: send
    /// `100 Continue`, then keep parsing.
    case continueExpected
    /// A complete request.
    case request(HTTPRequest)
    /// The input is not an acceptable request; answer with the error's status and close.
    case failure(HTTPParseError)
}
