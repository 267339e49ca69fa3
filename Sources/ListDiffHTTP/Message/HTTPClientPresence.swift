import Foundation

/// Whether the client of a request handed to a worker thread is still there to read its
/// answer. The event loop marks it gone when the connection closes (or the client ends its
/// input, on a route that does not stream: ``HTTPHandler/streams``) before the answer is
/// queued; a handler that is about to start costly or blocking work asks ``isGone`` first,
/// since nobody will read what it would compute.
public final class HTTPClientPresence: @unchecked Sendable {
    // Sendable argument: `state` is only read and written while holding `lock`.
    private enum State {
        case connected
        case gone
    }

    private let lock = NSLock()
    private var state = State.connected

    public init() {}

    /// Whether the client left before the request was answered.
    public var isGone: Bool {
        lock.withLock { state == .gone }
    }

    /// The client left: the only transition, once, from connected.
    func markGone() {
        lock.withLock {
            switch state {
            case .connected: state = .gone
            case .gone: break
            }
        }
    }
}
