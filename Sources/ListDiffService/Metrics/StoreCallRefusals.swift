import Foundation

/// Store calls not run, or cut short, by their ``StoreCallAdmission``, by reason: for
/// `listdiff_store_calls_refused_total`.
final class StoreCallRefusals: @unchecked Sendable {
    // Sendable argument: `counts` is only touched while holding `lock`.
    private let lock = NSLock()
    private var counts: [StoreCallAdmission.Refusal: Int] = [:]

    func count(_ refusal: StoreCallAdmission.Refusal) {
        lock.withLock { counts[refusal, default: 0] += 1 }
    }

    func count(of refusal: StoreCallAdmission.Refusal) -> Int {
        lock.withLock { counts[refusal, default: 0] }
    }
}
