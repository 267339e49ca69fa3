import Foundation
import ListDiff
import ListDiffJSON
import ListDiffStore

extension RedisSnapshotStore {
    /// A snapshot's stored fields: its head, item count and JSON.
    struct State {
        var head: SnapshotHead
        var items: Int
        var body: [UInt8]
    }

    /// The session's epoch (nil: no session) and the snapshot's state (nil: none). A use of the
    /// session: its TTL is refreshed (see ``RedisScripts/touch``) in the same round trip.
    func state(_ address: SnapshotAddress, body: Bool) throws(StoreError) -> (epoch: String?, state: State?) {
        let keys = keys(address)
        let touch = touchCommand(keys)
        let replies = try redis { () throws(RedisError) in
            try client.send(
                [RESPCommand("HGET", keys.session, "epoch"), fieldsCommand(address, body: body)]
                    + (touch.map { [$0] } ?? []), routedBy: keys.session)
        }
        if touch != nil { try touched(replies[2], keys) }
        guard let epoch = replies[0].string else { return (nil, nil) }
        return (epoch, Self.state(epoch: epoch, fields: replies[1]))
    }

    func existing(_ address: SnapshotAddress, body: Bool) throws(StoreError) -> State {
        let current = try state(address, body: body)
        guard current.epoch != nil else { throw .sessionNotFound(address.session) }
        guard let state = current.state else { throw .notFound(address, neverWritten: false) }
        return state
    }

    /// ``RedisScripts/touch`` by its SHA, to go in a read's pipeline; nil when this instance
    /// touched the session less than a slack ago (a 64th of the TTL).
    func touchCommand(_ keys: RedisKeys) -> RESPCommand? {
        guard touches.due(keys.session, slack: touchSlack) else { return nil }
        return RESPCommand(
            "EVALSHA", RedisScripts.touch.sha, "2", keys.session, keys.names, ttl, String(Int(touchSlack)))
    }

    var touchSlack: Double { Double(max(1, Int(limits.sessionIdleSeconds) / 64)) }

    /// Runs the touch whole when the server did not know it yet (its reply to the SHA).
    func touched(_ reply: RESPValue, _ keys: RedisKeys) throws(StoreError) {
        guard case .error(let message) = reply, message.hasPrefix("NOSCRIPT") else { return }
        _ = try run(
            RedisScripts.touch, keys: [keys.session, keys.names], [ttl, String(Int(touchSlack))], outcomeUnknown: false)
    }

    func fieldsCommand(_ address: SnapshotAddress, body: Bool) -> RESPCommand {
        let fields = ["version", "digest", "flat", "items"] + (body ? ["body"] : [])
        return RESPCommand((["HMGET", keys(address).snapshot(address.snapshot)] + fields).map { Array($0.utf8) })
    }

    static func state(epoch: String, fields reply: RESPValue) -> State? {
        guard case .array(let fields?) = reply, fields.count >= 4, let version = fields[0].string.flatMap({ Int($0) }),
            version > 0
        else { return nil }
        return State(
            head: SnapshotHead(
                version: SnapshotVersion(epoch: epoch, number: version), digest: fields[1].string ?? "",
                isFlat: fields[2].string == "1"),
            items: fields[3].string.flatMap { Int($0) } ?? 0, body: fields.count > 4 ? fields[4].bytes ?? [] : [])
    }

    /// A stored snapshot's JSON, read back as a read shows it and a write builds on it: without
    /// the marks its version's write carried (see ``decodeMarked(_:)``).
    static func decode(_ body: some Collection<UInt8>) -> WireSnapshot {
        let snapshot = decodeMarked(body)
        return snapshot.hasMarks ? snapshot.withoutMarks : snapshot
    }

    /// The JSON of older version `number` in a history reply (`"<version> <json>"` each), nil
    /// if it is no longer kept.
    static func historyEntry(of number: Int, in reply: RESPValue) -> ArraySlice<UInt8>? {
        guard case .array(let entries?) = reply else { return nil }
        let prefix = Array("\(number) ".utf8)
        for case .bulkString(let entry?) in entries where entry.starts(with: prefix) {
            return entry[prefix.count...]
        }
        return nil
    }

    static func strings(_ reply: RESPValue) -> [String] {
        guard case .array(let elements?) = reply else { return [] }
        return elements.map { $0.string ?? "" }
    }

    func keys(_ address: SnapshotAddress) -> RedisKeys { keys(owner: address.owner, session: address.session) }
    func keys(owner: Int, session: String) -> RedisKeys {
        RedisKeys(namespace: namespace, owner: owner, session: session)
    }
    var channel: String { "\(namespace):versions" }
    var ttl: String { String(max(1, Int(limits.sessionIdleSeconds))) }

    func run(_ script: RedisScript, keys: [String], _ arguments: [String], outcomeUnknown: Bool = true)
        throws(StoreError) -> RESPValue
    {
        try run(script, keys: keys, arguments: arguments.map { Array($0.utf8) }, outcomeUnknown: outcomeUnknown)
    }

    func run(_ script: RedisScript, keys: [String], arguments: [[UInt8]], outcomeUnknown: Bool) throws(StoreError)
        -> RESPValue
    {
        try redis(outcomeUnknown: outcomeUnknown) { () throws(RedisError) in
            try script.run(on: client, keys: keys, arguments: arguments)
        }
    }

    /// Runs Redis calls, turning a failure into ``StoreError/unavailable(_:outcomeUnknown:)``.
    /// Reads (`outcomeUnknown` false) are tried once more on a connection lost under them: a
    /// pooled connection can find its server gone (restarted, failed over) only when used.
    func redis<T>(outcomeUnknown: Bool = false, _ body: () throws(RedisError) -> T) throws(StoreError) -> T {
        do {
            do {
                return try body()
            } catch .closed where !outcomeUnknown, .io where !outcomeUnknown {
                return try body()
            }
        } catch {
            let unknown: Bool =
                switch error {
                case .server, .connect, .backingOff: false
                default: outcomeUnknown
                }
            throw .unavailable(error.description, outcomeUnknown: unknown)
        }
    }
}
