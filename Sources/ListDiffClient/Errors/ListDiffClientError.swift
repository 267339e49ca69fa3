import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a client call failed: the server said no, the server could not be reached, its answer
/// could not be read, or the client refused to send what it was given.
public enum ListDiffClientError: Error, Sendable, CustomStringConvertible {
    /// The server answered with a problem (4xx or 5xx).
    case server(ServerProblem)
    /// No answer: connection refused or lost, timed out, cancelled, bad URL.
    case transport(URLError)
    /// An answer the client cannot read (not the JSON the API documents).
    case invalidResponse(status: Int, reason: String)
    /// The request was not sent: content that does not encode as JSON, repeated identifiers.
    case invalidInput(String)

    /// The server's problem, if that is what this is.
    public var problem: ServerProblem? {
        if case .server(let problem) = self { return problem }
        return nil
    }

    /// True when trying again later may succeed: no answer, or a 5xx (but 507 `store-full`:
    /// the write needs room made first), 408 or 429 answer.
    public var isTransient: Bool {
        switch self {
        case .transport(let error): error.code != .cancelled && error.code != .badURL && error.code != .unsupportedURL
        case .server(let problem):
            (problem.status >= 500 && problem.status != 507) || problem.status == 408 || problem.status == 429
        case .invalidResponse(let status, _): status >= 500
        case .invalidInput: false
        }
    }

    public var description: String {
        switch self {
        case .server(let problem): "server problem: \(problem)"
        case .transport(let error): "transport error: \(error.localizedDescription) (URLError \(error.code.rawValue))"
        case .invalidResponse(let status, let reason): "unreadable answer (HTTP \(status)): \(reason)"
        case .invalidInput(let reason): "not sent: \(reason)"
        }
    }
}
