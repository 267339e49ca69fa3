import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@Suite(.ownThreads) struct DiffEndpointTests {
    @Test func answersBatchAndSequentialChangesetsForFlatLists() throws {
        try TestService.with { service in
            let body = #"{"old": ["a", "b", "c"], "new": ["c", "a", "d"]}"#
            let batch = try service.request("POST", "/v1/diff", body: body)
            #expect(batch.status == 200)
            #expect(batch.header("Content-Type") == "application/json")
            #expect(
                batch.bodyText
                    == #"{"stages":[{"deletes":[1],"inserts":[2],"moves":[[2,0]]}],"updates":{"reloads":[],"reconfigures":[]}}"#
            )
            let sequential = try service.request("POST", "/v1/diff?format=sequential", body: body)
            #expect(
                sequential.bodyText
                    == #"{"operations":[{"op":"remove","at":1,"count":1},{"op":"move","from":1,"to":0},{"op":"insert","at":2,"count":1}]}"#
            )
        }
    }

    @Test func sectionedListsAndContentUpdatesAsReloads() throws {
        try TestService.with { service in
            let body = #"""
                {"old": {"sections": [{"id": "s", "items": [{"id": "a", "content": 1}, "b"]}]},
                 "new": {"sections": [{"id": "s", "items": [{"id": "a", "content": 2}, "b"]}]}}
                """#
            let reconfigure = try service.request("POST", "/v1/diff", body: body)
            #expect(try reconfigure.member("updates") == #"{"reconfigures":[[0,0]],"reloads":[],"sections":[]}"#)
            let reload = try service.request("POST", "/v1/diff?updates=reload", body: body)
            #expect(try reload.member("updates") == #"{"reconfigures":[],"reloads":[[0,0]],"sections":[]}"#)
        }
    }

    @Test func unpinningMovesTheConversationsOutBeforeThePinnedSectionGoes() throws {
        // The chat list's "unpin all": the pinned section goes and its conversations join the
        // others. Their cells are kept: moves in stage one, the section delete in stage two.
        try TestService.with { service in
            let body = #"""
                {"old": {"sections": [{"id": "pinned", "items": ["c1", "c2"]}, {"id": "all", "items": ["c3", "c4"]}]},
                 "new": {"sections": [{"id": "all", "items": ["c1", "c3", "c2", "c4"]}]}}
                """#
            let response = try service.request("POST", "/v1/diff", body: body)
            #expect(response.status == 200)
            #expect(
                try response.member("stages")
                    == #"[{"items":{"deletes":[],"inserts":[],"moves":[[[0,0],[1,0]],[[0,1],[1,2]]]},"#
                    + #""sections":{"deletes":[],"inserts":[],"moves":[]},"snapshot":{"sections":[{"id":"pinned","items":[]},{"id":"all","items":["c1","c3","c2","c4"]}]}},"#
                    + #"{"items":{"deletes":[],"inserts":[],"moves":[]},"sections":{"deletes":[0],"inserts":[],"moves":[]}}]"#
            )
        }
    }

    /// From 4 KiB on, a request's items are matched by the decoder's codes, not hashed again:
    /// the same request padded with whitespace past that size gets the same answer, in every
    /// form — sections moved and emptied (two stages), items across sections, content, marks.
    @Test func aRequestNumberedByTheDecoderGetsTheSameAnswer() throws {
        let items = (0..<40).map { #""item-\#($0)""# }
        let bodies = [
            #"{"old": ["a", "b", "c"], "new": ["c", "a", "d"]}"#,
            #"{"old": [\#(items.joined(separator: ","))], "new": [\#(items.reversed().dropFirst(3).joined(separator: ","))]}"#,
            #"""
            {"old": {"sections": [{"id": "pinned", "items": ["c1", {"id": "c2", "content": 1}]}, {"id": "all", "items": ["c3", "c4"]}]},
             "new": {"sections": [{"id": "all", "items": ["c1", "c3", {"id": "c2", "content": 2}, "c4"]}, {"id": "new", "items": ["c5"]}]}}
            """#,
            #"{"old": {"sections": [{"id": "A", "items": ["a1", "a2"]}, {"id": "B", "items": ["b1"]}]}, "new": {"sections": [{"id": "B", "items": ["b1", "a1"]}, {"id": "A", "items": ["a2"]}], "reloaded": ["a2"]}}"#
        ]
        let padding = String(repeating: " ", count: 4 << 10)
        try TestService.with { service in
            for body in bodies {
                for query in ["", "?format=sequential", "?updates=reload"] {
                    let hashed = try service.request("POST", "/v1/diff" + query, body: body)
                    let numbered = try service.request("POST", "/v1/diff" + query, body: body + padding)
                    #expect(hashed.status == 200, "\(body)\(query): \(hashed.bodyText)")
                    #expect(numbered.bodyText == hashed.bodyText, "\(body)\(query)")
                }
            }
        }
    }

    @Test func theSequentialFormMovesAnItemOutOfADeletedSectionBeforeDeletingIt() throws {
        // Issue 31: a1 was deleted with A and inserted into B, so an Android list lost its cell.
        try TestService.with { service in
            let body =
                #"{"old":{"sections":[{"id":"A","items":["a1","a2"]},{"id":"B","items":["b1"]}]},"new":{"sections":[{"id":"B","items":["b1","a1"]}]}}"#
            let response = try service.request("POST", "/v1/diff?format=sequential", body: body)
            #expect(response.status == 200)
            #expect(
                response.bodyText
                    == #"{"operations":[{"op":"moveItem","from":[0,0],"to":[1,1]},{"op":"deleteSections","at":0,"count":1}]}"#
            )
        }
    }

    @Test(arguments: [
        (#"{"old": ["a", "b"], "new": ["a""#, 400, "/new/0", "invalid-body"),
        (#"{"old": ["a"], "new": [true]}"#, 400, "/new/0", "invalid-body"),
        (#"{"old": ["a", "b", "a"], "new": []}"#, 400, "/old/2", "invalid-body"),
        (#"{"old": ["a"]}"#, 400, "", "invalid-body"),
        (#"{"old": [], "new": [], "extra": 1}"#, 400, "/extra", "invalid-body"),
        (#"{"old": ["a", "b", "c", "d", "e", "f"], "new": []}"#, 422, "/old", "too-many-items")
    ])
    func badBodiesGetPreciseProblems(body: String, status: Int, pointer: String, type: String) throws {
        try TestService.with(ServiceConfiguration(store: StoreLimits(maxItemsPerSnapshot: 5))) { service in
            let client = try service.client()
            let response = try client.request("POST", "/v1/diff", body: body)
            #expect(response.status == status)
            #expect(response.header("Content-Type") == "application/problem+json")
            let problem = try response.json()
            #expect(problem["type"] as? String == "urn:listdiff:problem:\(type)")
            #expect(problem["status"] as? Int == status)
            if !pointer.isEmpty { #expect(problem["pointer"] as? String == pointer) }
            #expect((problem["detail"] as? String)?.isEmpty == false)
            // The connection and the server keep serving.
            #expect(try client.request("POST", "/v1/diff", body: #"{"old": [], "new": ["x"]}"#).status == 200)
        }
    }

    @Test func duplicatesAreListed() throws {
        try TestService.with { service in
            let response = try service.request(
                "POST", "/v1/diff",
                body:
                    #"{"old": [], "new": {"sections": [{"id": "s", "items": ["x", "y"]}, {"id": "t", "items": ["y"]}]}}"#
            )
            #expect(response.status == 400)
            #expect(
                try response.json()["found"] as? String == #"duplicated item identifiers "y"; this is the first repeat"#
            )
            #expect(try response.json()["pointer"] as? String == "/new/sections/1/items/0")
            #expect(try response.json()["duplicates"] as? [String] == ["y"])
        }
    }

    @Test func badQueryAndOversizedBody() throws {
        try TestService.with(limits: HTTPLimits(maxBodyBytes: 1000)) { service in
            let query = try service.request("POST", "/v1/diff?format=xml", body: #"{"old": [], "new": []}"#)
            #expect(query.status == 400)
            #expect(try query.json()["parameter"] as? String == "format")
            let large = try service.request(
                "POST", "/v1/diff", body: #"{"old": [], "new": ["\#(String(repeating: "z", count: 2000))"]}"#)
            #expect(large.status == 413)
            #expect(large.header("Content-Type") == "application/problem+json")
            #expect(try service.request("POST", "/v1/diff", body: #"{"old": [], "new": []}"#).status == 200)
        }
    }
}
