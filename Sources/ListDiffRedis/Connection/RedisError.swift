#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a call to the store's server failed. Every case but ``server(_:)`` and
/// ``unexpectedReply(_:)`` means the connection is no longer usable and the outcome of a
/// command already sent is unknown.
public enum RedisError: Error, Equatable, CustomStringConvertible {
    /// Could not connect (or resolve the host); `errno` from the system.
    case connect(host: String, port: Int, errno: Int32)
    /// No reply (or no room to send) within the timeout, in seconds.
    case timedOut(Double)
    /// The server closed the connection.
    case closed
    case io(errno: Int32)
    case malformedReply(RESPProtocolError)
    /// The server refused a command (`-ERR …`, `-NOSCRIPT …`, `-WRONGPASS …`; ``RedisRefusal``
    /// reads it); the connection is fine.
    case server(String)
    /// The server answered, but not with a reply the command gives (another type or shape):
    /// what was expected. The connection is fine.
    case unexpectedReply(String)
    /// Connecting is paused after failures; the next attempt is at most this many seconds away.
    case backingOff(Double)

    public var description: String {
        switch self {
        case .connect(let host, let port, let errno):
            "cannot connect to \(host):\(port): \(String(cString: strerror(errno)))"
        case .timedOut(let seconds): "no reply within \(Self.tenths(seconds)) s"
        case .closed: "the server closed the connection"
        case .io(let errno): "connection error: \(String(cString: strerror(errno)))"
        case .malformedReply(let error): error.description
        case .server(let message): "the server refused the command: \(message)"
        case .unexpectedReply(let expected): "an unexpected reply (expected \(expected))"
        case .backingOff(let seconds): "not connected; retrying within \(Self.tenths(seconds)) s"
        }
    }

    /// Seconds rounded up to a tenth (at least 0.1), without a trailing `.0`: `0.1`, `2`, `1.3`
    /// (a detail says "retrying within 0.1 s", never 0.0999693839999054).
    static func tenths(_ seconds: Double) -> String {
        let tenths = seconds.isFinite ? max(1, Int((min(seconds * 10, 1e9) - 1e-9).rounded(.up))) : 1
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
