import Foundation

/// How many tests on ``BlockingTestThreads`` run at once: four per core. Tests past that wait
/// their turn suspended (holding no thread), so a run that starts every suite at once does not
/// start sixty Redis servers and squeeze tests with a deadline of a second or two.
actor BlockingTestSlots {
    static let shared = BlockingTestSlots(count: 4 * ProcessInfo.processInfo.activeProcessorCount)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    func acquire() async {
        guard free == 0 else {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the slot to the test that has waited longest, or frees it.
    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
