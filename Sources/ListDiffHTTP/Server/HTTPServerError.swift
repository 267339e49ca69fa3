#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        case .systemCall(let call, let code):
            // "address already in use", not "errno 98": what a newcomer starting a second
            // server on a busy port needs to read.
            return "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .unresolvableHost(let host): return "cannot resolve host '\(host)'"
        case .alreadyStarted: return "the server was already started"
        }
    }
}
