import ListDiffScenarios
import ListDiffTestRun
import Testing

@testable import ListDiffHTTP

/// The loop's timers: due in deadline order, rounded up to the grid, none early.
@Suite(.ownThreads) struct TimerHeapTests {
    @Test func deadlinesAreRoundedUpToTheGrid() {
        let heap = TimerHeap(granularity: 250)
        #expect(heap.slot(for: 0) == 0)
        #expect(heap.slot(for: 1) == 250)
        #expect(heap.slot(for: 250) == 250)
        #expect(heap.slot(for: 251) == 500)
    }

    @Test func entriesComeDueInDeadlineOrderAndNeverBeforeTheirSlot() {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("TimerHeapTests seed \(seed)")
        var random = SplitMix64(seed: seed)
        var heap = TimerHeap(granularity: 100)
        var expected: [UInt64] = []
        for index in 0..<2_000 {
            let deadline = UInt64.random(in: 0...100_000, using: &random)
            heap.schedule(.init(deadline: deadline, fd: Int32(index), connectionID: UInt64(index), kind: .deadline))
            expected.append(heap.slot(for: deadline))
        }
        expected.sort()
        var popped: [UInt64] = []
        var now: UInt64 = 0
        while heap.count > 0 {
            now += UInt64.random(in: 1...700, using: &random)
            while let entry = heap.popDue(now: now) {
                #expect(entry.deadline <= now, "seed \(seed)")
                popped.append(entry.deadline)
            }
            if let next = heap.nextDeadline { #expect(next > now, "seed \(seed)") }
        }
        #expect(popped == expected, "seed \(seed)")
    }
}
