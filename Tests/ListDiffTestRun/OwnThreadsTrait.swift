import Testing

/// Runs a test, or every test of a suite, on ``BlockingTestThreads`` once one of
/// ``BlockingTestSlots`` is free: every suite takes it. A test that blocks a thread (sockets,
/// Redis servers, sleeps) or computes for seconds would otherwise hold one of a two-core
/// machine's two concurrency threads, and the unstructured tasks other tests start (a mirror's,
/// the client's), which run on that pool whatever the test's executor, would miss their
/// deadlines.
public struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope is entered for the suite and again for each of its tests: only the
        // test cases need the threads.
        guard testCase != nil else { return try await function() }
        let slots = BlockingTestSlots.shared
        await slots.acquire()
        do {
            try await withTaskExecutorPreference(BlockingTestThreads.shared) { try await function() }
        } catch {
            await slots.release()
            throw error
        }
        await slots.release()
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// This test (a suite: each of its tests) runs on threads of its own, not the concurrency pool's.
    public static var ownThreads: Self { OwnThreadsTrait() }
}
