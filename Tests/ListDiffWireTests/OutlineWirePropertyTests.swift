import Foundation
import ListDiff
import ListDiffScenarios
import ListDiffTestRun
import ListDiffWire
import Testing

/// Outline sections on the wire against the engine's ``Outline``: seeded random trees changed by
/// random wire operations (expand, collapse, append to a parent, insert beside, delete,
/// replaceChildren, move) give the tree the engine's outline gives for the same edits; each
/// version survives writing and reading (equal, same digest); and the changeset between the
/// visible rows of consecutive versions passes the batch-update simulator and rebuilds the new
/// rows. `LISTDIFF_OUTLINE_WIRE_CASES` (default 2,000) and `LISTDIFF_OUTLINE_WIRE_SEED`.
@Suite(.ownThreads) struct OutlineWirePropertyTests {
    typealias Engine = Outline<String, Int>

    struct Generator {
        var random: SplitMix64
        var next = 0

        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        mutating func below(_ count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }

        mutating func tree(depth: Int) -> Engine.Item {
            next += 1
            var item = Engine.Item("i\(next)", content: chance(30) ? below(3) : nil, isExpanded: chance(60))
            if depth < 3 { item.children = trees(below(depth == 0 ? 4 : 3), depth: depth + 1) }
            return item
        }

        mutating func trees(_ count: Int, depth: Int) -> [Engine.Item] {
            (0..<count).map { _ in tree(depth: depth) }
        }

        mutating func anyID(in outline: Engine) -> String? {
            var ids: [String] = []
            for root in outline.roots { root.forEachInSubtree { ids.append($0.id) } }
            return ids.isEmpty ? nil : ids[below(ids.count)]
        }

        /// One random edit, applied to the engine's outline and returned as a wire operation.
        mutating func edit(_ outline: inout Engine) throws -> WireOperation {
            guard let target = anyID(in: outline) else {
                let brought = trees(1 + below(3), depth: 1)
                try outline.append(brought)
                return .snapshot(.appendItems(try OutlineWirePropertyTests.wireItems(brought), toSection: "s"))
            }
            switch below(7) {
            case 0:
                try outline.expand([target])
                return .expand([WireID(target)])
            case 1:
                try outline.collapse([target])
                return .collapse([WireID(target)])
            case 2:
                let brought = trees(1 + below(2), depth: 2)
                try outline.append(brought, to: target)
                return .appendChildren(try OutlineWirePropertyTests.wireItems(brought), parent: WireID(target))
            case 3:
                let brought = trees(1, depth: 2)
                try outline.insert(brought, before: target)
                return .snapshot(.insertItemsBefore(try OutlineWirePropertyTests.wireItems(brought), WireID(target)))
            case 4:
                try outline.delete([target])
                return .snapshot(.deleteItems([WireID(target)]))
            case 5:
                let brought = trees(below(3), depth: 2)
                try outline.replaceChildren(of: target, with: brought)
                return .replaceChildren(of: WireID(target), with: try OutlineWirePropertyTests.wireItems(brought))
            default:
                let moved = try outline.subtree(of: target, includingParent: true).roots
                var inside = Set<String>()
                moved[0].forEachInSubtree { inside.insert($0.id) }
                guard let anchor = anyID(in: outline), !inside.contains(anchor) else { return .expand([]) }
                try outline.delete([target])
                try outline.insert(moved, after: anchor)
                return .snapshot(.moveItemAfter(WireID(target), WireID(anchor)))
            }
        }
    }

    /// The engine's trees as wire items: pre-order, written and read back as an operation's
    /// `items` so they carry their places exactly as the decoder gives them.
    static func wireItems(_ trees: [Engine.Item]) throws -> [WireSnapshot.Item] {
        let json =
            "{\"operations\":[{\"op\":\"appendItems\",\"items\":[\(trees.map(treeJSON).joined(separator: ","))]}]}"
        guard case .snapshot(.appendItems(let items, _))? = try WireDecoder.operations(Array(json.utf8)).first else {
            return []
        }
        return items
    }

    static func treeJSON(_ tree: Engine.Item) -> String {
        var members = ["\"id\":\"\(tree.id)\""]
        if let content = tree.content { members.append("\"content\":\(content)") }
        if tree.isExpanded { members.append("\"expanded\":true") }
        if !tree.children.isEmpty {
            members.append("\"children\":[\(tree.children.map(treeJSON).joined(separator: ","))]")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// The outline as a one-section wire snapshot, read from its JSON.
    static func snapshot(_ outline: Engine) throws -> WireSnapshot {
        let json =
            "{\"sections\":[{\"id\":\"s\",\"outline\":true,\"items\":[\(outline.roots.map(treeJSON).joined(separator: ","))]}]}"
        return try WireDecoder.snapshot(Array(json.utf8)).snapshot
    }

    static var seeds: [UInt64] {
        if let seed = TestRun.seed("LISTDIFF_OUTLINE_WIRE_SEED") {
            return [seed]
        }
        let cases = TestRun.cases("LISTDIFF_OUTLINE_WIRE_CASES", default: 2_000)
        return (0..<UInt64(cases)).map { $0 &* 0x9E37_79B9 &+ 41 }
    }

    @Test func wireOperationsFollowTheEnginesOutlineAndTheirChangesetsApply() throws {
        var edits = 0
        for seed in Self.seeds {
            var generator = Generator(random: SplitMix64(seed: seed))
            var outline = try Engine(roots: generator.trees(1 + generator.below(4), depth: 0))
            var wire = try Self.snapshot(outline)
            do {
                for _ in 0..<4 {
                    let operation = try generator.edit(&outline)
                    let next = try wire.applying([operation])
                    let expected = try Self.snapshot(outline)
                    #expect(next == expected, "seed \(seed): \(operation)")
                    let reread = try WireDecoder.snapshot(written(WireEncoder.snapshot(next, flat: false))).snapshot
                    #expect(
                        reread == next && SnapshotDigest.digest(of: reread) == SnapshotDigest.digest(of: expected),
                        "seed \(seed)")
                    let old = wire.visibleRows
                    let new = next.visibleRows
                    let diff = try WireDiff(from: old, to: new)
                    let ofRows = try WireDiff(ofRowsFrom: wire, to: next, options: DiffOptions())
                    #expect(ofRows.old == old && ofRows.new == new, "seed \(seed): a diff of what they show")
                    let staged = diff.stagedBatch
                    try BatchUpdateSimulator.verify(
                        stages: staged.stages.map { ($0.update, $0.result) }, updates: staged.updates, from: old,
                        to: new)
                    #expect(new.sections[0].items.map(\.id.string) == outline.visibleItems, "seed \(seed)")
                    wire = next
                    edits += 1
                }
            } catch {
                Issue.record("seed \(seed) (rerun with LISTDIFF_OUTLINE_WIRE_SEED=\(seed)): \(error)")
                return
            }
        }
        print("outline wire cases: \(Self.seeds.count) passed, \(edits) edits")
    }
}
