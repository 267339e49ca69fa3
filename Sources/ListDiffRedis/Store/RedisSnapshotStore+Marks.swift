import ListDiff
import ListDiffStore
import ListDiffWire

/// Marks in Redis: a version's body is its snapshot written with the marks its write carried
/// (`"reloaded"`, `"reconfigured"`, `"reloadedSections"`), so the write script pushes them onto
/// the history with it; bodies written before marks were kept simply have none. Reads strip
/// them (``decode(_:)``); only ``changes(at:since:options:)`` gathers them.
extension RedisSnapshotStore {
    /// A stored body read back with its marks; what this store wrote always reads. O(size).
    static func decodeMarked(_ body: some Collection<UInt8>) -> WireSnapshot {
        (try? WireDecoder.snapshot(Array(body)).snapshot) ?? WireSnapshot()
    }

    /// Whether a body may carry marks, without reading it: the writer writes them last, each
    /// a non-empty list of identifiers, so a body with marks ends with `"]}`, where one without
    /// ends with `}]}` or `[]}` (sectioned) or `]` (flat). A body that does is read, so a wrong
    /// guess could only cost a read. O(1).
    static func mayCarryMarks(_ body: some BidirectionalCollection<UInt8>) -> Bool {
        body.count >= 3 && body.suffix(3).elementsEqual("\"]}".utf8)
    }

    /// The marks of every older version after `number` in a history reply (`"<n> <digest>
    /// <json>"` each, newest first): those between `number` and the current version. O(history),
    /// plus a read of each body that carries marks.
    static func historyMarks(after number: Int, in reply: RESPValue) -> VersionMarks {
        var marks = VersionMarks()
        guard case .array(let entries?) = reply else { return marks }
        let since = Array("\(number) ".utf8)
        for case .bulkString(let entry?) in entries {
            if entry.starts(with: since) { break }
            guard let body = historyBody(entry) else { continue }
            if mayCarryMarks(body) { marks.formUnion(VersionMarks(of: decodeMarked(body))) }
        }
        return marks
    }
}
