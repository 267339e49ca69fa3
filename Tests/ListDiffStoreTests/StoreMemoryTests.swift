import Foundation
import ListDiff
import ListDiffHTTP
import ListDiffTestRun
import ListDiffWire
import Testing

@testable import ListDiffStore

/// What a stored 10,000-item snapshot costs, alone and with 16 versions that each changed 1%
/// of its items. Measured twice: the store's own estimate (what its byte budget counts) and
/// the heap bytes in use before and after (glibc `mallinfo2`; other suites running beside
/// this one add noise, so run `swift test --filter StoreMemory` alone for clean figures).
@Suite(.serialized, .ownThreads) struct StoreMemoryTests {
    static func flatList(_ ids: [String]) -> [UInt8] {
        Array(("[" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8)
    }

    @Test func sixteenVersionsOfOnePercentCostLittleMoreThanOne() throws {
        func put(_ ids: [String], into stored: StoredSnapshot) throws {
            let document = try WireDecoder.snapshot(Self.flatList(ids))
            _ = try stored.write(
                conditions: .unconditional, isFlat: true, options: DiffOptions(), admit: { _, _ in 0 },
                { _, _ in document.snapshot })
        }
        // Warm up first, so that one-time runtime allocations (type metadata, caches) are not
        // counted against the versions.
        let warmUp = StoredSnapshot(epoch: "warm", versionsKept: 4)
        for round in 0..<4 { try put((0..<100).map { "w\($0 * (round + 1))" }, into: warmUp) }
        var ids = (0..<10_000).map { String(format: "item-%05d", $0) }
        let canonicalBytes = Self.flatList(ids).count
        let heapBefore = AllocatorTuning.heapBytesInUse()
        let stored = StoredSnapshot(epoch: "test", versionsKept: 16)
        func put(_ ids: [String]) throws { try put(ids, into: stored) }
        try put(ids)
        let oneEstimate = stored.bytes
        let oneHeap = AllocatorTuning.heapBytesInUse() - heapBefore
        var next = 10_000
        for version in 2...16 {
            for slot in stride(from: version, to: 10_000, by: 100) {
                ids[slot] = String(format: "item-%05d", next)
                next += 1
            }
            try put(ids)
        }
        let sixteenEstimate = stored.bytes
        let sixteenHeap = AllocatorTuning.heapBytesInUse() - heapBefore
        print(
            """
            stored 10,000-item snapshot (canonical JSON \(canonicalBytes) bytes): \
            1 version \(oneEstimate) bytes estimated, \(oneHeap) heap (\(oneHeap / 10_000) per item, \
            \(String(format: "%.2f", Double(oneHeap) / Double(canonicalBytes)))× the JSON); \
            16 versions \(sixteenEstimate) estimated, \(sixteenHeap) heap \
            (\(String(format: "%.2f", Double(sixteenEstimate) / Double(oneEstimate)))× estimated, \
            \(String(format: "%.2f", Double(sixteenHeap) / Double(oneHeap)))× heap)
            """)
        #expect(Double(sixteenEstimate) <= 1.3 * Double(oneEstimate))
        withExtendedLifetime(stored) {}
    }
}
