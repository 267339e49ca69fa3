import Foundation

/// Which feature of a checked answer met which fault, over a whole run: the run fails when a
/// combination the stores can make never came up, so the generator cannot silently stop
/// making one.
final class FaultCoverage: @unchecked Sendable {
    // Sendable argument: a run's cases go one after another on one thread.
    enum Feature: String, CaseIterable, Sendable {
        case flat, sectioned, outline, batch, sequential, values, multiStage, marks, longPoll, reset
    }

    /// What an event stream must meet under every store and fault: each snapshot form, each
    /// answer form, and a reset.
    static let streamed: [Feature] = [.flat, .sectioned, .outline, .batch, .sequential, .values, .reset]

    struct Pair: Hashable, Sendable {
        var store: String
        var fault: StoreFault
        var feature: Feature
        /// Noted for an event stream's event (its features are also noted unstreamed).
        var streamed = false
    }

    private(set) var counts: [Pair: Int] = [:]
    private(set) var answers = 0
    private(set) var events = 0
    private(set) var refusals: [Int: Int] = [:]
    private(set) var seconds: [String: Double] = [:]
    private(set) var unverified = 0

    func note(_ features: [Feature], store: String, fault: StoreFault, streamed: Bool) {
        answers += 1
        if streamed { events += 1 }
        for feature in features {
            counts[Pair(store: store, fault: fault, feature: feature), default: 0] += 1
            if streamed { counts[Pair(store: store, fault: fault, feature: feature, streamed: true), default: 0] += 1 }
        }
    }

    func noteRefusal(_ status: Int) { refusals[status, default: 0] += 1 }

    func noteCase(store: String, fault: StoreFault, seconds: Double, unverified: Int) {
        self.seconds["\(store) \(fault)", default: 0] += seconds
        self.unverified += unverified
    }

    /// The pairs `stores` can make (each with its faults) that never came up.
    func missing(_ stores: [(name: String, faults: [StoreFault])]) -> [Pair] {
        stores.flatMap { store in
            store.faults.flatMap { fault in
                Feature.allCases.map { Pair(store: store.name, fault: fault, feature: $0) }
                    + Self.streamed.map { Pair(store: store.name, fault: fault, feature: $0, streamed: true) }
            }
        }.filter { counts[$0] == nil }
    }

    var summary: String {
        let byFault = Dictionary(grouping: counts, by: { "\($0.key.store) \($0.key.fault)" })
            .mapValues { $0.reduce(0) { $0 + $1.value } }
        return
            "\(answers) changesets and resets checked (\(events) of them stream events); feature notes by store and fault: "
            + byFault.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            + "; refusals by status: "
            + refusals.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            + "; \(unverified) changesets to a version whose content was gone before it was read (not checked)"
            + "; seconds by case kind: "
            + seconds.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.1f", $0.value))" }
            .joined(separator: ", ")
    }
}
