/// One event of a `text/event-stream` (the WHATWG HTML standard's server-sent events): its
/// type, the version it brings the client to as its `id` (what `Last-Event-ID` sends back on a
/// reconnect), and one JSON document as its single `data` line — the service's JSON writer
/// escapes every line break inside strings, so a document never spans lines.
struct ServerSentEvent {
    /// The event types a snapshot's stream sends.
    enum Kind: String, CaseIterable, Sendable {
        /// The whole snapshot: the first event of a stream opened without a version.
        case snapshot
        /// The changes from the last event's version to this one's.
        case changes
        /// The client's version cannot be diffed against: the whole current version.
        case reset
        /// The snapshot (or its session) is gone; the stream ends.
        case deleted
        /// The stream ends and the client should come back (by `Last-Event-ID`), to this
        /// instance or another: the server is shutting down, or its store did not answer.
        case reconnect
    }

    var kind: Kind
    /// The version the event brings the client to (`<epoch>.<n>.<digest>`), if any.
    var id: String?
    var data: [UInt8]

    /// The event's bytes: `event:`, `id:` when there is one, `data:`, then the blank line
    /// that ends it. O(data).
    var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + (id?.utf8.count ?? 0) + 32)
        out.append(contentsOf: "event: ".utf8)
        out.append(contentsOf: kind.rawValue.utf8)
        if let id {
            out.append(contentsOf: "\nid: ".utf8)
            out.append(contentsOf: id.utf8)
        }
        out.append(contentsOf: "\ndata: ".utf8)
        out.append(contentsOf: data)
        out.append(contentsOf: "\n\n".utf8)
        return out
    }

    /// `retry:` (the milliseconds a client waits before reconnecting), sent once at a stream's
    /// start.
    static func retry(milliseconds: Int) -> [UInt8] {
        Array("retry: \(milliseconds)\n\n".utf8)
    }

    /// A comment line, which clients ignore: the heartbeat that keeps proxies from closing an
    /// idle stream.
    static let heartbeat = Array(":\n\n".utf8)
}
