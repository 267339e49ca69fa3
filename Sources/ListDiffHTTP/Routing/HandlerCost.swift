/// Where a handler runs. Cheap handlers run inline on the event loop (no thread hop, the
/// fastest path); heavy ones (a 50,000-item diff) run on the worker pool so they do not stall
/// the other connections of their loop.
public enum HandlerCost: Sendable, Equatable {
    case cheap
    case heavy
    /// Inline for request bodies of at most this many bytes, on the worker pool above it:
    /// for handlers whose work grows with the body, so small requests skip the thread hop
    /// (which costs more than a 20-item diff) and large ones never stall the loop.
    case heavyAbove(bodyBytes: Int)

    /// Whether a request with a body of `bodyCount` bytes runs on the worker pool.
    func runsOnWorkers(bodyCount: Int) -> Bool {
        switch self {
        case .cheap: return false
        case .heavy: return true
        case .heavyAbove(let limit): return bodyCount > limit
        }
    }
}
