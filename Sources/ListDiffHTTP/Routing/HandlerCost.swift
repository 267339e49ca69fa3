/// Where a handler runs. Cheap handlers run inline on the event loop (no thread hop, the
/// fastest path); heavy ones (a 50,000-item diff) run on the worker pool so they do not stall
/// the other connections of their loop.
public enum HandlerCost: Sendable, Equatable {
    case cheap
    case heavy
}
