import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Changesets of more than one stage whose intermediate snapshots hold outline sections: each
/// stage's snapshot is valid JSON and gives an outline section as the rows the next stage
/// indexes, with each row's own level and disclosure (issue 31's reproducers, byte for byte).
@Suite(.ownThreads) struct StageSnapshotTests {
    /// A parent loses its only child to a new flat section: the stage holds the child back under
    /// the parent, which already shows as a leaf. The answer once closed `sections` after the
    /// outline section (not JSON).
    static let childLeavesForANewSection = (
        request:
            #"{"old":{"sections":[{"id":"s7","outline":true,"items":[{"id":"p","expanded":true,"children":["x"]}]}]},"new":{"sections":[{"id":"s7","outline":true,"items":["p"]},{"id":"f","items":["x","y"]}]}}"#,
        answer:
            #"{"stages":[{"sections":{"deletes":[],"inserts":[1],"moves":[]},"items":{"deletes":[],"inserts":[],"moves":[]},"snapshot":{"sections":[{"id":"s7","outline":true,"rows":[{"item":"p","level":0,"hasChildren":false,"expanded":false},{"item":"x","level":1,"hasChildren":false,"expanded":false}]},{"id":"f","items":["y"]}]}},{"sections":{"deletes":[],"inserts":[],"moves":[]},"items":{"deletes":[],"inserts":[],"moves":[[[0,1],[1,0]]]}}],"updates":{"sections":[],"reloads":[],"reconfigures":[[0,0],[1,0]]}}"#
    )

    /// A collapsed parent arrives in stage one: its row says it has children (it was written as
    /// a leaf, its children dropped).
    static let collapsedParentArrives = (
        request:
            #"{"old":{"sections":[{"id":"s1","items":["i6"]}]},"new":{"sections":[{"id":"s1","items":[]},{"id":"s11","outline":true,"items":["i6",{"id":"i12","children":["i13"]}]}]}}"#,
        answer:
            #"{"stages":[{"sections":{"deletes":[],"inserts":[1],"moves":[]},"items":{"deletes":[],"inserts":[],"moves":[]},"snapshot":{"sections":[{"id":"s1","items":["i6"]},{"id":"s11","outline":true,"rows":[{"item":"i12","level":0,"hasChildren":true,"expanded":false}]}]}},{"sections":{"deletes":[],"inserts":[],"moves":[]},"items":{"deletes":[],"inserts":[],"moves":[[[0,0],[1,0]]]}}],"updates":{"sections":[],"reloads":[],"reconfigures":[]}}"#
    )

    /// A section moves while its child leaves for another: the stage's rows keep the child at
    /// level 1 where stage two finds it (its parent's `expanded` was once the final state's and
    /// its children the stage's, so the rows a client derived were not the ones stage two indexes).
    static let sectionMovesWhileAChildLeaves = (
        request:
            #"{"old":{"sections":[{"id":"s1","outline":true,"items":[{"id":"i5","expanded":true,"children":["i7"]}]},{"id":"s14","outline":true,"items":[]}]},"new":{"sections":[{"id":"s14","outline":true,"items":["i7"]},{"id":"s1","outline":true,"items":[{"id":"i5","kind":"photo","expanded":true}]}]}}"#,
        answer:
            #"{"stages":[{"sections":{"deletes":[],"inserts":[],"moves":[[1,0]]},"items":{"deletes":[],"inserts":[],"moves":[]},"snapshot":{"sections":[{"id":"s14","outline":true,"rows":[]},{"id":"s1","outline":true,"rows":[{"item":{"id":"i5","kind":"photo"},"level":0,"hasChildren":false,"expanded":false},{"item":"i7","level":1,"hasChildren":false,"expanded":false}]}]}},{"sections":{"deletes":[],"inserts":[],"moves":[]},"items":{"deletes":[],"inserts":[],"moves":[[[1,1],[0,0]]]}}],"updates":{"sections":[],"reloads":[[1,0]],"reconfigures":[[0,0]]}}"#
    )

    static let cases = [childLeavesForANewSection, collapsedParentArrives, sectionMovesWhileAChildLeaves]

    @Test(arguments: 0..<3) func aDiffAnswersTheStagesRowsByteForByte(_ index: Int) throws {
        let (request, answer) = Self.cases[index]
        try TestService.with { service in
            let response = try service.request("POST", "/v1/diff", body: request)
            #expect(response.status == 200)
            #expect(response.bodyText == answer)
        }
    }

    /// The same changeset from a write and from `changes?since=` (with and without values), as
    /// members of their documents.
    @Test(arguments: 0..<3) func everyRouteAnswersTheSameChangeset(_ index: Int) throws {
        let (request, answer) = Self.cases[index]
        let pair = try JSONSerialization.jsonObject(with: Data(request.utf8)) as? [String: Any] ?? [:]
        let old = String(decoding: try JSONSerialization.data(withJSONObject: pair["old"] ?? [:]), as: UTF8.self)
        let new = String(decoding: try JSONSerialization.data(withJSONObject: pair["new"] ?? [:]), as: UTF8.self)
        let expected = String(
            decoding: try JSONSerialization.data(
                withJSONObject: try JSONSerialization.jsonObject(with: Data(answer.utf8)), options: .sortedKeys),
            as: UTF8.self)
        try TestService.with { service in
            let path = "/v1/sessions/stages/snapshots/s\(index)"
            let first = try service.request("PUT", path, body: old)
            #expect(first.status == 201)
            let version = try first.json()["to"] as? String ?? ""
            let written = try service.request("PUT", path, body: new)
            #expect(try written.member("changeset") == expected)
            #expect(try service.request("GET", path + "/changes?since=\(version)").member("changeset") == expected)
            #expect(
                try service.request("GET", path + "/changes?since=\(version)&include=values").member("changeset")
                    == expected)
        }
    }
}

extension StageSnapshotTests {
    /// A section's `outline` flag flipping reloads the section whole, in both forms.
    @Test func aSectionWhoseOutlineFlagFlipsIsReloadedWhole() throws {
        let request =
            #"{"old":{"sections":[{"id":"s","outline":true,"items":[{"id":"a","expanded":true,"children":["b"]}]},{"id":"t","items":["c"]}]},"new":{"sections":[{"id":"s","items":["a","b"]},{"id":"t","outline":true,"items":["c"]}]}}"#
        try TestService.with { service in
            let batch = try service.request("POST", "/v1/diff", body: request)
            #expect(batch.bodyText == #"{"stages":[],"updates":{"sections":[0,1],"reloads":[],"reconfigures":[]}}"#)
            let sequential = try service.request("POST", "/v1/diff?format=sequential", body: request)
            #expect(sequential.bodyText == #"{"operations":[{"op":"reloadSections","at":0,"count":2}]}"#)
        }
    }
}
