import ListDiffTestRun
import Testing

@testable import ListDiffStore

/// The rule by which a write makes room (see ``ByteLedger``), without a store around it.
@Suite(.ownThreads) struct ByteLedgerTests {
    @Test func theLedgerEvictsOnlyWhatTheRuleAllows() {
        let ledger = { () -> ByteLedger in
            var ledger = ByteLedger(maxStoreBytes: 100, maxSessionBytes: 100, owners: 2)
            ledger.add(40, owner: 1)
            ledger.add(50, owner: 2)
            return ledger
        }()
        let candidates = [
            ByteLedger.Candidate(id: 0, owner: 2, bytes: 30), ByteLedger.Candidate(id: 1, owner: 1, bytes: 20),
            ByteLedger.Candidate(id: 2, owner: 2, bytes: 20)
        ]
        // Owner 1 within its share (40 + 15 ≤ 50)… but owner 2 is not over its share (50): only its own.
        guard
            case .success(let own) = ledger.plan(
                delta: 15, sessionBytes: 20, owner: 1, prunable: [], candidates: candidates)
        else {
            Issue.record("refused")
            return
        }
        #expect(own.evicted == [1])
        // Its older versions go before any session.
        guard
            case .success(let pruned) = ledger.plan(
                delta: 15, sessionBytes: 20, owner: 1, prunable: [4, 8], candidates: candidates)
        else {
            Issue.record("refused")
            return
        }
        #expect(pruned.pruned == 2 && pruned.bytesPruned == 12 && pruned.evicted.isEmpty)
        // Past its older versions, it evicts.
        guard
            case .success(let both) = ledger.plan(
                delta: 15, sessionBytes: 20, owner: 1, prunable: [2], candidates: candidates)
        else {
            Issue.record("refused")
            return
        }
        #expect(both.pruned == 1 && both.evicted == [1])
        // Nothing it may evict frees enough: refused.
        guard
            case .failure(.storeFull) = ledger.plan(
                delta: 40, sessionBytes: 0, owner: 1, prunable: [], candidates: candidates)
        else {
            Issue.record("admitted a write that cannot fit")
            return
        }
    }
}
