import Foundation
import ListDiff
import ListDiffStore
import ListDiffWire

extension RedisSnapshotStore {
    /// A snapshot's stored fields: its head, item count and JSON.
    struct State {
        var head: SnapshotHead
        var items: Int
        var body: [UInt8]
    }

    /// The session's epoch (nil: no session) and the snapshot's state (nil: none) — read from
    /// nil replies only: an error reply or one of another type throws. A use of the session:
    /// its TTL is refreshed (see ``RedisScripts/touch``) in the same round trip.
    ///
    /// A session with a key missing (Redis may evict one key alone) is gone, as the write
    /// script sees it: a snapshot of the session's epoch that its names set misses reads as no
    /// session; one of another epoch, left by a gone session, as no snapshot.
    func state(_ address: SnapshotAddress, body: Bool) throws(StoreError) -> (epoch: String?, state: State?) {
        let read = StateRead(self, address, body: body)
        // One transaction, so the session, the snapshot and the names agree.
        let (results, touchReply) = try redis { () throws(RedisError) in
            try transaction(read.commands, routedBy: read.keys.session, then: read.touch.map { [$0] } ?? [])
        }
        return try read.interpret(results, touchReply: touchReply)
    }

    /// One read of a snapshot's state (``state(_:body:)``): its commands, made before they are
    /// sent, and what their replies say, once they come.
    struct StateRead {
        let store: RedisSnapshotStore
        let address: SnapshotAddress
        let body: Bool
        let keys: RedisKeys
        /// ``touchCommand(_:)``'s, sent behind the transaction.
        let touch: RESPCommand?
        /// Where the channel stood when the read began (``KnownVersions/mark()``).
        let mark: KnownVersions.Mark?
        let commands: [RESPCommand]

        init(_ store: RedisSnapshotStore, _ address: SnapshotAddress, body: Bool) {
            self.store = store
            self.address = address
            self.body = body
            keys = store.keys(address)
            touch = store.touchCommand(keys)
            mark = store.known.mark()
            commands = [
                RESPCommand("HGET", keys.session, "epoch"), store.fieldsCommand(address, body: body),
                RESPCommand("SISMEMBER", keys.names, address.snapshot)
            ]
        }

        /// The session's epoch and the snapshot's state the transaction's `results` name;
        /// teaches the store what it learned, and handles the touch's reply — on this thread,
        /// or, when it must run the touch again (the server lost the script) and this thread
        /// must not wait on Redis (`mayWait` false), on the store's background calls.
        func interpret(_ results: [RESPValue], touchReply: ArraySlice<RESPValue>, mayWait: Bool = true)
            throws(StoreError) -> (epoch: String?, state: State?)
        {
            let read = try store.parse { () throws(RedisError) -> (epoch: String?, state: State?) in
                guard let epoch = try RedisSnapshotStore.optionalString(results[0], "the session's epoch (HGET)") else {
                    return (nil, nil)
                }
                let state = try RedisSnapshotStore.state(epoch: epoch, fields: results[1])
                if state != nil,
                    try RedisSnapshotStore.integer(results[2], "whether the session names the snapshot (SISMEMBER)")
                        == 0
                {
                    return (nil, nil)
                }
                return (epoch, state)
            }
            if let reply = touchReply.first {
                if mayWait || !reply.isNoScript {
                    store.touched(reply, keys)
                } else {
                    let (store, keys) = (store, keys)
                    store.background.run(queuedAt: .now, { store.touched(reply, keys) }, refused: { _ in })
                }
            }
            if let state = read.state {
                store.known.learned(
                    state.head, items: state.items, body: body ? state.body : nil, at: address, since: mark)
            } else {
                store.known.forget(address)
            }
            return read
        }
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

    /// Runs the touch whole when the server did not know it yet (its reply to the SHA). A
    /// touch that fails (a read-only replica refuses the refresh) fails no read: it is logged,
    /// and tried again a slack later.
    func touched(_ reply: RESPValue, _ keys: RedisKeys) {
        guard case .error(let message) = reply else { return }
        guard message.hasPrefix("NOSCRIPT") else {
            logRefusal(RedisRefusal(message))
            return
        }
        _ = try? run(
            RedisScripts.touch, keys: [keys.session, keys.names], [ttl, String(Int(touchSlack))], outcomeUnknown: false)
    }

    func fieldsCommand(_ address: SnapshotAddress, body: Bool) -> RESPCommand {
        let fields = ["version", "digest", "flat", "items", "epoch"] + (body ? ["body"] : [])
        return RESPCommand((["HMGET", keys(address).snapshot(address.snapshot)] + fields).map { Array($0.utf8) })
    }

    /// A snapshot's state from its fields (``fieldsCommand(_:body:)``'s reply); nil when it has
    /// no version (no such snapshot) or was written in another epoch than `epoch` (left by a
    /// session that is gone; a snapshot written before epochs were kept with it has none).
    /// Any other reply throws.
    static func state(epoch: String, fields reply: RESPValue) throws(RedisError) -> State? {
        let fields = try array(reply, "a snapshot's fields (HMGET)")
        guard fields.count >= 5 else { throw .unexpectedReply("a snapshot's fields (HMGET)") }
        guard let number = try optionalString(fields[0], "a snapshot's version") else { return nil }
        if let written = try optionalString(fields[4], "a snapshot's epoch"), written != epoch { return nil }
        guard let version = Int(number), version > 0 else { throw .unexpectedReply("a snapshot's version number") }
        guard let digest = try optionalString(fields[1], "a snapshot's digest") else {
            throw .unexpectedReply("a snapshot's digest")
        }
        return State(
            head: SnapshotHead(
                version: SnapshotVersion(epoch: epoch, number: version, snapshotDigest: digest), digest: digest,
                isFlat: try optionalString(fields[2], "a snapshot's form") == "1"),
            items: try optionalString(fields[3], "a snapshot's item count").flatMap { Int($0) } ?? 0,
            body: fields.count > 5 ? try optionalBytes(fields[5], "a snapshot's body") ?? [] : [])
    }

    /// A stored snapshot's JSON, read back as a read shows it and a write builds on it: without
    /// the marks its version's write carried (see ``decodeMarked(_:)``).
    static func decode(_ body: some Collection<UInt8>) -> WireSnapshot {
        let snapshot = decodeMarked(body)
        return snapshot.hasMarks ? snapshot.withoutMarks : snapshot
    }

    /// The JSON of older version `version` in a history reply (`"<n> <digest> <json>"` each),
    /// nil if it is no longer kept or the history holds other content at its number (a
    /// rollback), or none it can name (an entry from before digests). O(history).
    static func historyEntry(of version: SnapshotVersion, in reply: RESPValue) -> ArraySlice<UInt8>? {
        guard case .array(let entries?) = reply, let digest = version.digest else { return nil }
        let prefix = Array("\(version.number) xxh64:\(digest) ".utf8)
        for case .bulkString(let entry?) in entries where entry.starts(with: prefix) {
            return entry[prefix.count...]
        }
        return nil
    }

    /// The JSON of a history entry: after its number and, when it has one, its digest. O(1).
    static func historyBody(_ entry: [UInt8]) -> ArraySlice<UInt8>? {
        guard let space = entry.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let rest = entry[(space + 1)...]
        guard rest.starts(with: "xxh64:".utf8) else { return rest }
        return rest.firstIndex(of: UInt8(ascii: " ")).map { rest[($0 + 1)...] }
    }

    // MARK: Replies
    //
    // Only a nil reply is "nothing there": an error reply throws ``RedisError/server(_:)``, a
    // reply of another type than the command gives ``RedisError/unexpectedReply(_:)`` (what
    // was expected, for the log).

    /// `reply`, unless it is an error reply.
    static func answered(_ reply: RESPValue) throws(RedisError) -> RESPValue {
        if case .error(let message) = reply { throw .server(message) }
        return reply
    }

    /// A bulk (or simple) string's bytes; nil for a nil reply.
    static func optionalBytes(_ reply: RESPValue, _ expected: String) throws(RedisError) -> [UInt8]? {
        switch try answered(reply) {
        case .bulkString(let bytes): bytes
        case .simpleString(let text): Array(text.utf8)
        default: throw .unexpectedReply(expected)
        }
    }

    /// A bulk (or simple) string's text (UTF-8, invalid bytes replaced); nil for a nil reply.
    static func optionalString(_ reply: RESPValue, _ expected: String) throws(RedisError) -> String? {
        try optionalBytes(reply, expected).map { String(decoding: $0, as: UTF8.self) }
    }

    static func integer(_ reply: RESPValue, _ expected: String) throws(RedisError) -> Int64 {
        guard case .integer(let value) = try answered(reply) else { throw .unexpectedReply(expected) }
        return value
    }

    /// A script's 1 (true) or 0 (false); anything else is an unexpected reply.
    static func flag(_ reply: RESPValue, _ expected: String) throws(RedisError) -> Bool {
        switch try integer(reply, expected) {
        case 1: return true
        case 0: return false
        default: throw .unexpectedReply(expected)
        }
    }

    static func array(_ reply: RESPValue, _ expected: String) throws(RedisError) -> [RESPValue] {
        guard case .array(let elements?) = try answered(reply) else { throw .unexpectedReply(expected) }
        return elements
    }

    /// An array of strings, none of them nil.
    static func strings(_ reply: RESPValue, _ expected: String) throws(RedisError) -> [String] {
        var strings: [String] = []
        for element in try array(reply, expected) {
            guard let string = try optionalString(element, expected) else { throw .unexpectedReply(expected) }
            strings.append(string)
        }
        return strings
    }

    /// An array of strings, each nil where the reply has none (`HMGET` of missing fields).
    static func optionalStrings(_ reply: RESPValue, _ expected: String) throws(RedisError) -> [String?] {
        var strings: [String?] = []
        for element in try array(reply, expected) { strings.append(try optionalString(element, expected)) }
        return strings
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

    /// Runs Redis calls, turning a failure into a ``StoreError`` (see ``storeError(_:outcomeUnknown:)``).
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
            throw failure(error, outcomeUnknown: outcomeUnknown)
        }
    }

    /// Reads replies (with the readers above), turning a failure into a ``StoreError``.
    /// `outcomeUnknown`: the replies are a write's.
    func parse<T>(outcomeUnknown: Bool = false, _ body: () throws(RedisError) -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw failure(error, outcomeUnknown: outcomeUnknown)
        }
    }

    /// ``storeError(_:outcomeUnknown:)``, having logged what the answer leaves out.
    func failure(_ error: RedisError, outcomeUnknown: Bool) -> StoreError {
        switch error {
        case .server(let message): logRefusal(RedisRefusal(message))
        case .unexpectedReply(let expected):
            refusals.log(
                "unexpected", "the snapshot store's server answered with an unexpected reply (expected \(expected))")
        default: break
        }
        return Self.storeError(error, outcomeUnknown: outcomeUnknown)
    }

    func logRefusal(_ refusal: RedisRefusal) {
        refusals.log(refusal.code, "the snapshot store's server refused a call: \(refusal.message)")
    }

    /// What a failed call means for the store's caller. A refusal is read by its code
    /// (``RedisRefusal``): `OOM` is ``StoreError/storeFull(_:)`` (retrying soon will not help),
    /// any other — busy, loading, a cluster down, a read-only replica, … — is
    /// ``StoreError/unavailable(_:outcomeUnknown:)`` with nothing changed (the server refused
    /// before running anything); its reason names the code, never the reply's text. An
    /// unexpected reply and a transport failure are unavailable too, the outcome of a write
    /// unknown when the command may have run.
    static func storeError(_ error: RedisError, outcomeUnknown: Bool) -> StoreError {
        switch error {
        case .server(let message):
            let refusal = RedisRefusal(message)
            return refusal.kind == .outOfMemory
                ? .storeFull(.outOfMemory) : .unavailable(refusal.reason, outcomeUnknown: false)
        case .unexpectedReply:
            return .unavailable(
                "its server answered with a reply the store did not expect", outcomeUnknown: outcomeUnknown)
        case .connect, .backingOff:
            return .unavailable(error.description, outcomeUnknown: false)
        default:
            return .unavailable(error.description, outcomeUnknown: outcomeUnknown)
        }
    }
}
