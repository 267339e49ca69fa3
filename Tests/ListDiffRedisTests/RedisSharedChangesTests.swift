import Foundation
import ListDiff
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffWire
import Testing

@testable import ListDiffRedis

/// Waits at the same version with the same options share one answer: a write through another
/// instance costs the instance holding them one round trip and one diff per (version, options),
/// however many streams and long polls wait there.
@Suite(.ownThreads) struct RedisSharedChangesTests {
    typealias T = RedisSnapshotStoreTests

    /// Counts the diffs a store runs.
    final class DiffCount: @unchecked Sendable {
        // Sendable argument: `count` is only touched while holding `lock`.
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }

        var differ: SnapshotDiffer {
            SnapshotDiffer { [self] _, _ in lock.withLock { count += 1 } }
        }
    }

    @Test func wakingWaitsAtOneVersionDiffsOncePerOptions() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        let diffs = DiffCount()
        let writer = RedisSnapshotStore(
            client: RedisConnectionPool(endpoint: server.endpoint, size: 2), limits: T.limits)
        let holder = RedisSnapshotStore(
            client: RedisConnectionPool(endpoint: server.endpoint, size: 2), limits: T.limits, differ: diffs.differ)
        let first = try writer.write(
            T.flat(["a", "b"]), isFlat: true, at: T.feed, conditions: .unconditional, options: DiffOptions()
        ).head.version
        let answers = Answers()
        let reloading = DiffOptions(contentUpdates: .reload)
        for index in 0..<8 {
            let options = index < 6 ? DiffOptions() : reloading
            _ = try holder.waitForChange(at: T.feed, since: first, options: options) { answers.add($0) }
        }
        usleep(300_000) // the holder's subscriber connects (a write before that is found by its first check)
        let second = try writer.write(
            T.flat(["b", "a", "c"]), isFlat: true, at: T.feed, conditions: .unconditional, options: DiffOptions()
        ).head.version
        let answered = answers.waitFor(8)
        #expect(answered.count == 8)
        for answer in answered {
            guard case .success(.changes(let from, let to, _?)) = answer else {
                Issue.record("a wait was answered \(answer), not with the changes")
                continue
            }
            #expect(from == first && to.version == second)
        }
        #expect(diffs.value == 2, "8 waits at one version, 2 sets of options: \(diffs.value) diffs")
    }
}
