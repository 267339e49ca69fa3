import Foundation

/// How many token looks came to each ``TokenOutcome``, for `/metrics`.
final class TokenOutcomeCounts: @unchecked Sendable {
    // Sendable argument: `counts` is only touched while holding `lock`.
    private let lock = NSLock()
    private var counts = [Int](repeating: 0, count: TokenOutcome.allCases.count)

    func count(_ outcome: TokenOutcome) {
        let index = TokenOutcome.allCases.firstIndex(of: outcome) ?? 0
        lock.withLock { counts[index] += 1 }
    }

    /// Every outcome with its count, in declaration order.
    var figures: [(TokenOutcome, Int)] {
        let snapshot = lock.withLock { counts }
        return Array(zip(TokenOutcome.allCases, snapshot))
    }
}
