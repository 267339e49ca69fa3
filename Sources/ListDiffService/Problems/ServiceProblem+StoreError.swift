import ListDiffStore
import ListDiffWire

extension ServiceProblem {
    /// The one place a store's refusal becomes a problem answer. A missing session's answer
    /// names the sessions' time to live, and that they are per API key where there are keys.
    init(_ error: StoreError, configuration: ServiceConfiguration) {
        switch error {
        case .sessionNotFound(let name):
            let scope = configuration.apiKeys.isEmpty ? "sessions" : "sessions are per API key, and"
            self = .notFound(
                "no session '\(name)' (\(scope) expire after \(Int(configuration.store.sessionIdleSeconds)) s unused)")
        case .notFound(let address, _) where !NameRules.isValid(address.snapshot):
            self = .invalidName("snapshot", address.snapshot)
        case .notFound(let address, let neverWritten):
            self = .notFound(
                neverWritten
                    ? "snapshot '\(address.snapshot)' has no version yet"
                    : "no snapshot '\(address.snapshot)' in session '\(address.session)'")
        case .gone(let removal):
            self = .notFound(Self.describe(removal))
        case .sessionExists(let name):
            self = ServiceProblem(
                409, "session-exists", title: "Session exists",
                detail:
                    "a session named '\(name)' exists already; \(ListDiffService.sessionNameHeader) must name a new one"
            )
        case .versionMismatch(let current):
            // A conditional write's own reason is told by `conditionalWrite(_:_:)`.
            self = Self.versionMismatch(current.number == 0 ? .nothingToMatch : .notCurrent, current: current)
        case .formMismatch(let storedIsFlat, nil):
            self = .formMismatch(storedIsFlat: storedIsFlat, "; send the same form, or DELETE the snapshot first")
        case .formMismatch(let storedIsFlat, let index?):
            self = .formMismatch(
                storedIsFlat: storedIsFlat,
                "; operation \(index) names a section, which a flat list does not have (use the item operations, or DELETE and PUT a sectioned list)",
                extensions: [.init("operationIndex", .int(index)), .init("pointer", .string("/operations/\(index)"))])
        case .tooManySnapshots(let session, let limit):
            self = ServiceProblem(
                409, "too-many-snapshots", title: "Too many snapshots",
                detail: "session '\(session)' already holds \(limit) snapshots, the limit; DELETE one first",
                extensions: [.init("limit", .int(limit))])
        case .tooManyItems(let count, let limit, let pointer):
            self = .tooManyItems(count, limit: limit, pointer: pointer)
        case .tooMuchWork(let operations, let items, let limit):
            self = .tooMuchWork(operations: operations, items: items, limit: limit)
        case .operationFailed(let failure):
            self = .operationFailed(failure)
        case .storeFull(.session(let name, let wouldHold, let limit)):
            self = ServiceProblem(
                507, "store-full", title: "Store full",
                detail:
                    "session '\(name)' would hold \(wouldHold) bytes, over its limit of \(limit) even with this snapshot's older versions dropped; nothing was changed. Delete snapshots it no longer needs",
                extensions: [.init("limit", .int(limit))])
        case .storeFull(.store(let over, let limit)):
            self = ServiceProblem(
                507, "store-full", title: "Store full",
                detail:
                    "the store would be \(over) bytes over its limit of \(limit) even with this snapshot's older versions dropped and every session this request may evict gone; nothing was changed. Retry later, or delete sessions no longer needed",
                extensions: [.init("limit", .int(limit))])
        case .storeFull(.outOfMemory):
            // Not a 503: the store answered, and retrying in a second will not help.
            self = ServiceProblem(
                507, "store-full", title: "Store full",
                detail:
                    "the snapshot store is out of memory and refuses to grow; nothing was changed. Delete sessions or snapshots no longer needed, or retry once idle sessions have expired"
            )
        case .invalidSnapshot(let detail):
            self = .invalidSnapshot(detail)
        case .unavailable(let reason, let outcomeUnknown):
            let outcome = outcomeUnknown ? Self.outcomeUnknownAdvice : "; nothing was changed"
            self = ServiceProblem(
                503, "store-unavailable", title: "Store unavailable",
                detail: "the snapshot store is unavailable: \(reason)\(outcome)")
            headers.append(name: "Retry-After", value: "1")
        }
    }

    private static func describe(_ removal: StoreError.Removal) -> String {
        switch removal {
        case .snapshotDeleted: "the snapshot was deleted"
        case .snapshotDeletedDuringWrite: "the snapshot was deleted while this request waited"
        case .sessionDeleted: "the session was deleted"
        case .sessionEvictedDuringWrite(let name):
            "session '\(name)' was evicted while this request was served; nothing was written"
        case .evictedForBytes(let limit): "the session was evicted: the store was at its limit of \(limit) bytes"
        case .evictedForCount(let limit): "the session was evicted: the server holds its limit of \(limit) sessions"
        case .expired(let seconds): "the session expired after \(seconds) s unused"
        }
    }

    /// 412 naming the current version, with its `ETag`.
    static func versionMismatch(_ failure: PreconditionFailure, current: SnapshotVersion)
        -> ServiceProblem
    {
        let reason =
            switch failure {
            case .nothingToMatch: "If-Match needs a snapshot that exists, and it does not"
            case .weakTag:
                "If-Match names the current version \(current.text) only as a weak tag (W/\"…\"), which never matches a write (strong comparison); send the ETag as given"
            case .notCurrent: "If-Match does not name the current version \(current.text)"
            case .exists: "If-None-Match: * allows only creating the snapshot, and it exists at version \(current.text)"
            case .current: "If-None-Match names the current version \(current.text)"
            }
        var problem = ServiceProblem(
            412, "version-mismatch", title: "Precondition failed", detail: "\(reason); nothing was changed",
            extensions: [.init("currentVersion", .string(current.text))])
        problem.headers.append(name: "ETag", value: current.entityTag)
        return problem
    }
}
