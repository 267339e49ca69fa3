import Foundation
import ListDiffJSON
import ListDiffScenarios
import ListDiffTestSupport
import ListDiffWire

/// One seeded case of the fault property test: writes (documents and operations) to a few
/// snapshots of a session of its own, followers asking for changes in every form, a follower
/// of an event stream, and one kind of store fault struck twice at random steps; every answer
/// and event checked as it comes (``check(_:_:)``, ``read(_:)``, `write`, `ask`, `take`), and
/// at the end every follower brought up to date and every acknowledged write found.
final class FaultCase {
    /// A client following one snapshot: the version it holds and its copy of that content.
    struct Follower {
        var snapshot: Int
        var version = "0.1"
        var content: WireSnapshot?
    }

    /// How a changeset is asked for: `format`, `updates`, `include=values`.
    struct AnswerForm {
        var sequential: Bool
        var values: Bool
        var query: String
    }

    /// How a changes document came: a write's or a `changes` request's answer, a long poll's,
    /// a stream's event.
    enum Channel {
        case answer, longPoll, stream
    }

    /// The instance that takes the writes and reads.
    let service: TestService
    /// The instance that serves the followers (`changes`, long polls, the stream): another one
    /// on the same Redis server in the cases of ``StoreFault/messages``, else `service`.
    let follower: TestService
    let store: FaultyStore
    let fault: StoreFault
    let coverage: FaultCoverage
    let session: String
    var random: SplitMix64
    /// The stream's draws (``withStreamDraws(_:)``): apart, so that the case's writes and
    /// polls are the same with the stream as without it.
    var streamRandom: SplitMix64
    var writes: FaultWrites
    var snapshots: [SnapshotKnowledge]
    var followers: [Follower]
    /// The case's event-stream follower, once its snapshot is written.
    var stream: StreamFollower?
    /// The last fault that struck (a rollback strikes at its lift), for the tally.
    var struck = StoreFault.none
    /// Between a hang's or an error reply's injection and its lift: refusals are expected, and
    /// not retried.
    var faultActive = false
    /// Changesets to a version the test could not learn the content of (then not checked).
    var unverified = 0
    /// What happened, step by step, for a failure's message.
    var log: [String] = []

    /// A case whose two snapshots have `forms` (the run turns them, so that each store and fault
    /// meets each form).
    init(
        seed: UInt64, forms: [SnapshotKnowledge.Form], service: TestService, follower: TestService? = nil,
        store: FaultyStore, fault: StoreFault, coverage: FaultCoverage
    ) {
        self.service = service
        self.follower = follower ?? service
        self.store = store
        self.fault = fault
        self.coverage = coverage
        session = "fault-\(String(seed, radix: 16))"
        var random = SplitMix64(seed: seed)
        streamRandom = SplitMix64(seed: seed ^ 0x5EA3_57EA_0000_0000)
        writes = FaultWrites(random: SplitMix64(seed: random.next()))
        snapshots = forms.enumerated().map { SnapshotKnowledge(name: "s\($0.offset)", form: $0.element) }
        followers = (0..<3).map { _ in Follower(snapshot: Int(random.next() % 2)) }
        self.random = random
    }

    func below(_ count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }

    func path(_ index: Int) -> String { "/v1/sessions/\(session)/snapshots/\(snapshots[index].name)" }

    /// A step of the case.
    enum Action {
        case write(Int)
        case ask(Int, longPoll: Bool)
    }

    /// Runs the case: each snapshot written, then `steps` steps with the fault struck twice,
    /// then everything settled. A fault's steps are scripted around one snapshot so that it
    /// bites: a write to it and a follower of it synced while the fault lasts (for a rollback:
    /// content the store will lose), and after the lift a write (for a rollback: its number
    /// issued again) and that follower asking. The other steps are random.
    func run(steps: Int) throws {
        for index in snapshots.indices { try write(index, document: true) }
        try withStreamDraws { try startStream() }
        let injections = [2 + below(steps / 2 - 6), steps / 2 + below(steps / 2 - 6)]
        var lift: (() throws -> Void)?
        var liftAt = -1
        var target = 0
        var scripted: [Action] = []
        for step in 0..<steps {
            if step == liftAt, let pending = lift {
                try liftFault(pending)
                lift = nil
                // One write or two: a follower of lost content then asks since a version whose
                // number was issued again, current or in the history.
                scripted =
                    [.write(target)] + (below(2) == 0 ? [.write(target)] : [])
                    + [.ask(follower(of: target), longPoll: below(2) == 0)]
            }
            if lift == nil, injections.contains(step) {
                target = below(snapshots.count)
                // The stream reopens by choice before the first fault and while the second
                // lasts (during a hang in a third of the cases: each such open waits out the
                // store's timeout).
                let underFault = step == injections[1] && withStreamDraws { fault != .hang || below(3) == 0 }
                if !underFault { try withStreamDraws { try reopenStream() } }
                lift = try inject(target: target)
                if underFault { try withStreamDraws { try reopenStream() } }
                liftAt = step + 2 + (fault == .rollback ? below(2) : 0)
                scripted = [.write(target), .ask(follower(of: target), longPoll: below(2) == 0)]
            }
            let action = scripted.isEmpty ? randomAction() : scripted.removeFirst()
            switch action {
            case .write(let index): try write(index, document: below(100) < 55)
            case .ask(let which, let longPoll): try ask(which, longPoll: longPoll)
            }
        }
        if let lift { try liftFault(lift) }
        try settle()
    }

    private func randomAction() -> Action {
        switch below(100) {
        case 0..<45: .write(below(snapshots.count))
        case 45..<83: .ask(below(followers.count), longPoll: false)
        default: .ask(below(followers.count), longPoll: true)
        }
    }

    /// A follower of snapshot `index`: one there is, else one made to follow it.
    private func follower(of index: Int) -> Int {
        if let which = followers.indices.first(where: { followers[$0].snapshot == index }) { return which }
        let which = below(followers.count)
        followers[which] = Follower(snapshot: index)
        return which
    }

    private func inject(target: Int) throws -> (() throws -> Void)? {
        log.append("inject \(fault) around \(snapshots[target].name)")
        let names = snapshots.filter { $0.surelyExists || !$0.lastWritten.isEmpty }.map(\.name)
        let lift = try store.inject(
            fault, session: session, target: snapshots[target].name, names: names, random: &random)
        // Lost messages cost reads, never a refusal.
        faultActive = lift != nil && fault != .rollback && fault != .messages
        if fault != .rollback { struck = fault }
        if fault == .lostKey { forgetAssurances() }
        return lift
    }

    private func liftFault(_ lift: () throws -> Void) throws {
        log.append("lift \(fault)")
        try lift()
        faultActive = false
        if fault == .rollback {
            struck = .rollback
            forgetAssurances()
        }
    }

    /// After a fault that may lose writes, nothing acknowledged before it is assured.
    private func forgetAssurances() {
        for index in snapshots.indices { snapshots[index].forgetAssurances(mayBeLost: true) }
        stream?.mayBeLost = true
    }

    /// Every acknowledged write is read back, and every follower brought to the current
    /// version, where its copy must be the server's content.
    private func settle() throws {
        log.append("settle")
        for index in snapshots.indices { _ = try read(index) }
        for which in followers.indices {
            for _ in 0..<4 {
                guard let current = try read(followers[which].snapshot) else { break }
                if followers[which].version == current.version {
                    guard followers[which].content == current.content else {
                        throw FaultFailure(description: "follower \(which) holds other content at \(current.version)")
                    }
                    break
                }
                try ask(which, longPoll: false)
            }
        }
        try withStreamDraws { try settleStream() }
    }

    /// One request to `instance` (else ``service``) on a connection of its own, checked; a 503
    /// outside a fault (a Redis connection found dead after a restart) is retried.
    func send(_ method: String, _ target: String, body: String? = nil, to instance: TestService? = nil) throws
        -> RawClient.Response
    {
        log.append("\(method) \(target) \(body ?? "")")
        var attempts = 0
        while true {
            let response = try (instance ?? service).request(method, target, body: body)
            try check(response, "\(method) \(target)")
            log.append("→ \(response.status) \(response.bodyText.prefix(600))")
            guard response.status == 503, !faultActive, attempts < 60 else { return response }
            attempts += 1
            usleep(50_000)
        }
    }

    /// What every answer must be: a body that is strict JSON; a success, or a problem+json
    /// refusal whose `status` is the answer's, of a status a store fault or a stale operation
    /// may cause (never a 500), that names nothing of Redis's internals.
    func check(_ response: RawClient.Response, _ what: String) throws {
        if !response.body.isEmpty {
            do throws(JSONReadError) {
                try JSONValidator.validate(response.body)
            } catch {
                throw FaultFailure(description: "\(what): a body that is not JSON (\(error)): \(response.bodyText)")
            }
        }
        let status = response.status
        guard status != 200, status != 201 else { return }
        guard [404, 422, 503, 507].contains(status) else {
            throw FaultFailure(description: "\(what): \(status) \(response.bodyText)")
        }
        coverage.noteRefusal(status)
        guard response.header("Content-Type")?.hasPrefix("application/problem+json") == true else {
            throw FaultFailure(description: "\(what): \(status) is not a problem: \(response.bodyText)")
        }
        try checkProblem(response.body, status: status, what)
        let text = response.bodyText
        if status == 503, store.redis == nil || response.header("Retry-After") == nil {
            throw FaultFailure(description: "\(what): 503 from the \(store.name) store: \(text)")
        }
        if status == 507, !faultActive {
            throw FaultFailure(description: "\(what): 507 with no store fault: \(text)")
        }
    }

    /// A problem document (a refusal's body, a `deleted` or `reconnect` event's data): its
    /// `status` is `status`, it has a `type` and a `detail`, and it names nothing of Redis's
    /// internals.
    func checkProblem(_ body: [UInt8], status: Int, _ what: String) throws {
        let text = String(decoding: body, as: UTF8.self)
        let problem = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        guard problem?["status"] as? Int == status, problem?["type"] is String, problem?["detail"] is String else {
            throw FaultFailure(description: "\(what): not a problem with status \(status): \(text)")
        }
        guard !text.contains("script"), text.range(of: "[0-9a-f]{40}", options: .regularExpression) == nil else {
            throw FaultFailure(description: "\(what): a problem naming Redis's internals: \(text)")
        }
    }

    /// Reads the snapshot's current version: it must be the last acknowledged write while no
    /// fault came after it, and be there while nothing could have lost it.
    func read(_ index: Int) throws -> (version: String, content: WireSnapshot)? {
        let response = try send("GET", path(index))
        switch response.status {
        case 200:
            let read = try WireDecoder.versionedSnapshot(response.body)
            let content = read.document.snapshot
            guard response.header("ETag") == "\"\(read.version)\"", read.digest == SnapshotDigest.digest(of: content)
            else { throw FaultFailure(description: "GET \(path(index)): its ETag or digest is not its content's") }
            try snapshots[index].learn(read.version, content)
            if let acknowledged = snapshots[index].acknowledged, acknowledged != read.version {
                throw FaultFailure(
                    description:
                        "GET \(path(index)): \(read.version), but \(acknowledged) was acknowledged since the last fault"
                )
            }
            return (read.version, content)
        case 404 where !snapshots[index].surelyExists, 503:
            return nil
        default:
            throw FaultFailure(description: "GET \(path(index)): \(response.status) for a snapshot that exists")
        }
    }

    /// A random answer form, or one of `kind`: 0 sequential, 1 batch, 2 batch with values.
    func answerForm(kind: Int? = nil) -> AnswerForm {
        let sequential = kind.map { $0 == 0 } ?? (below(100) < 35)
        let values = kind.map { $0 == 2 } ?? (!sequential && below(100) < 50)
        var parts = sequential ? ["format=sequential"] : below(2) == 0 ? ["format=batch"] : []
        if below(3) == 0 { parts.append(below(2) == 0 ? "updates=reload" : "updates=reconfigure") }
        if values { parts.append("include=values") }
        return AnswerForm(sequential: sequential, values: values, query: parts.joined(separator: "&"))
    }
}
