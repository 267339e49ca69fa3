import Foundation
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// The promise under faults: a changeset fed to `performBatchUpdates` never crashes and always
/// gives the new list, and a store fault never loses an acknowledged write nor gives a wrong
/// changeset — a client gets a reset or a 503, never a wrong answer, a 404 for a snapshot that
/// exists or a 500. Seeded cases over real HTTP (``FaultCase``), on the memory store and on a
/// real Redis server, cross every feature (flat, sectioned and outline snapshots, multi-stage
/// answers, marks, batch and sequential forms, values, long polls, event streams, resets) with
/// every fault the store can have (``StoreFault``); the run fails if a combination never came
/// up.
/// `LISTDIFF_FAULT_CASES` (default 48), `LISTDIFF_FAULT_SEED` (the run's seed) and
/// `LISTDIFF_FAULT_CASE` (one case of that run).
@Suite(.serialized, .ownThreads) struct FaultPropertyTests {
    /// Each case's store and fault, in turn.
    static let plans: [(redis: Bool, fault: StoreFault)] = [
        (false, .rollback), (true, .rollback), (true, .lostKey), (true, .errorReply), (true, .hang), (false, .none),
        (true, .messages), (true, .none)
    ]
    static let steps = 24

    static let seed = TestRun.seed("LISTDIFF_FAULT_SEED") ?? 0xFA_0175
    static let cases = TestRun.cases("LISTDIFF_FAULT_CASES", default: 48)
    static let onlyCase = TestRun.count("LISTDIFF_FAULT_CASE")

    static func caseSeed(_ number: Int) -> UInt64 { seed &+ UInt64(number) &* 0x9E37_79B9_7F4A_7C15 }

    /// The forms of a case's two snapshots: each round of plans turns them, so that every store
    /// and fault meets every form within three rounds.
    static func forms(_ number: Int) -> [SnapshotKnowledge.Form] {
        let forms = SnapshotKnowledge.Form.allCases
        let round = number / plans.count
        return [forms[round % forms.count], forms[(round + 1) % forms.count]]
    }

    @Test func everyFeatureUnderEveryStoreFaultGetsARightAnswerOrARefusal() throws {
        let coverage = FaultCoverage()
        var failed = false
        let numbers = Self.onlyCase.map { [$0] } ?? Array(0..<Self.cases)
        let memory = FaultyStore()
        let redis = try RedisServerProcess.binaries.first.map { try FaultyStore(redis: $0) }
        if redis == nil { print(RedisServerProcess.missingReason) }
        // A short deadline, so that a hung Redis is refused quickly; the memory store never
        // hangs, and its calls keep the default deadline, which a loaded machine's queue for
        // the workers cannot pass.
        var configuration = ServiceConfiguration()
        configuration.store.callTimeout = 0.25
        let started = Date()
        try TestService.with(store: memory.factory) { memoryService in
            try Self.withOptionalService(redis, configuration) { redisService in
                try Self.withOptionalService(redis, configuration, factory: redis?.followerFactory) { redisFollower in
                    for number in numbers {
                        let plan = Self.plans[number % Self.plans.count]
                        let (service, store): (TestService, FaultyStore)
                        if plan.redis {
                            guard let redisService, let redis else { continue }
                            (service, store) = (redisService, redis)
                        } else {
                            (service, store) = (memoryService, memory)
                        }
                        let faultCase = FaultCase(
                            seed: Self.caseSeed(number), forms: Self.forms(number), service: service,
                            follower: plan.fault == .messages ? redisFollower : nil, store: store, fault: plan.fault,
                            coverage: coverage)
                        let caseStarted = Date()
                        do {
                            try faultCase.run(steps: Self.steps)
                            coverage.noteCase(
                                store: store.name, fault: plan.fault, seconds: Date().timeIntervalSince(caseStarted),
                                unverified: faultCase.unverified)
                        } catch {
                            Issue.record(
                                """
                                case \(number) (\(store.name), \(plan.fault)) failed — rerun with \
                                LISTDIFF_FAULT_SEED=\(Self.seed) LISTDIFF_FAULT_CASE=\(number): \(error)
                                its \(Self.onlyCase == nil ? "last steps" : "steps"):
                                \(faultCase.log.suffix(Self.onlyCase == nil ? 14 : .max).joined(separator: "\n"))
                                """)
                            failed = true
                            return
                        }
                    }
                }
            }
        }
        print(
            "fault cases: \(numbers.count) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s; \(coverage.summary)"
        )
        guard !failed, Self.onlyCase == nil, numbers.count >= Self.plans.count * 3 else { return }
        let stores = [(memory.name, memory.faults)] + (redis.map { [($0.name, $0.faults)] } ?? [])
        let missing = coverage.missing(stores)
        #expect(
            missing.isEmpty,
            "combinations never exercised: \(missing.map { "\($0.store) \($0.fault)\($0.streamed ? " × stream" : "") × \($0.feature)" })"
        )
    }

    /// Runs `body` with a service over `store` (made by `factory`, else the store's own) when
    /// there is one.
    static func withOptionalService(
        _ store: FaultyStore?, _ configuration: ServiceConfiguration, factory: StoreFactory? = nil,
        _ body: (TestService?) throws -> Void
    ) throws {
        guard let store else { return try body(nil) }
        try TestService.with(configuration, store: factory ?? store.factory) { try body($0) }
    }
}
