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
        parts.reduce(into: []) { $0 += $1 }
    }

    /// ``bytes`` in three parts — the lines before the data, the data, the blank line — for
    /// ``HTTPResponseStream/send(parts:)``: the data, which many streams share (one
    /// changeset, one snapshot document), is not copied into each stream's event. O(1) beside
    /// the data.
    var parts: [[UInt8]] {
        var prefix: [UInt8] = []
        prefix.reserveCapacity((id?.utf8.count ?? 0) + 32)
        prefix.append(contentsOf: "event: ".utf8)
        prefix.append(contentsOf: kind.rawValue.utf8)
        if let id {
            prefix.append(contentsOf: "\nid: ".utf8)
            prefix.append(contentsOf: id.utf8)
        }
        prefix.append(contentsOf: "\ndata: ".utf8)
        return [prefix, data, Self.end]
    }

    /// What ends an event: the end of its `data` line and a blank line.
    private static let end = Array("\n\n".utf8)

    /// `retry:` (the milliseconds a client waits before reconnecting), sent once at a stream's
    /// start.
    static func retry(milliseconds: Int) -> [UInt8] {
        Array("retry: \(milliseconds)\n\n".utf8)
    }

    /// A comment line, which clients ignore: the heartbeat that keeps proxies from closing an
    /// idle stream.
    static let heartbeat = Array(":\n\n".utf8)
}
