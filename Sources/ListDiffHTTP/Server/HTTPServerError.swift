/// Why the server could not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed with this errno.
    case systemCall(String, Int32)
    /// The host name did not resolve to an address.
    case unresolvableHost(String)
    /// `start()` was called twice.
    case alreadyStarted

    public var description: String {
        switch self {
        case .systemCall(let call, let code): return "\(call) failed: errno \(code)"
        case .unresolvableHost(let host): return "cannot resolve host '\(host)'"
        case .alreadyStarted: return "the server was already started"
        }
    }
}
