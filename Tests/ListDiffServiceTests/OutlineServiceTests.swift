import Foundation
import ListDiffService
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Outline sections over HTTP: stored and read back as trees, changed by operations, answered
/// with changesets over the visible rows.
@Suite(.ownThreads) struct OutlineServiceTests {
    static let path = "/v1/sessions/outlines/snapshots/files"
    static let tree =
        #"{"sections": [{"id": "files", "outline": true, "items": [{"id": "docs", "children": ["a.txt", {"id": "img", "children": ["x.png"]}]}, "readme"]}]}"#

    @Test func aFolderExpandedThenCollapsedGivesItsRowsAndTheParentsReconfigure() throws {
        try TestService.with { service in
            #expect(try service.request("PUT", Self.path, body: Self.tree).status == 201)
            let expanded = try service.request(
                "POST", Self.path + "/operations?include=values",
                body: #"{"operations": [{"op": "expand", "items": ["docs"]}]}"#)
            #expect(expanded.status == 200)
            #expect(
                try expanded.member("changeset")
                    == #"{"stages":[{"items":{"deletes":[],"inserts":[[0,1],[0,2]],"moves":[]},"sections":{"deletes":[],"inserts":[],"moves":[]}}],"updates":{"reconfigures":[[0,0]],"reloads":[],"sections":[]}}"#
            )
            #expect(
                try expanded.member("values")
                    == #"{"items":[{"at":[0,0],"expanded":true,"hasChildren":true,"item":"docs","level":0},{"at":[0,1],"expanded":false,"hasChildren":false,"item":"a.txt","level":1,"parent":"docs"},{"at":[0,2],"expanded":false,"hasChildren":true,"item":"img","level":1,"parent":"docs"}],"sections":[]}"#
            )
            let collapsed = try service.request(
                "POST", Self.path + "/operations", body: #"{"operations": [{"op": "collapse", "items": ["docs"]}]}"#)
            #expect(
                try collapsed.member("changeset")
                    == #"{"stages":[{"items":{"deletes":[[0,1],[0,2]],"inserts":[],"moves":[]},"sections":{"deletes":[],"inserts":[],"moves":[]}}],"updates":{"reconfigures":[[0,0]],"reloads":[],"sections":[]}}"#
            )
            let first = try service.request("GET", Self.path + "?subtree=docs")
            let before = try service.request("GET", Self.path)
            #expect(try collapsed.json()["digest"] as? String == (try before.json()["digest"] as? String))
            #expect(
                try first.member("items") == #"[{"children":["a.txt",{"children":["x.png"],"id":"img"}],"id":"docs"}]"#)
        }
    }

    @Test func aFirstChildReconfiguresTheLeafAndHiddenChangesMakeNoRows() throws {
        try TestService.with { service in
            _ = try service.request("PUT", Self.path, body: Self.tree)
            let child = try service.request(
                "POST", Self.path + "/operations",
                body: #"{"operations": [{"op": "appendItems", "parent": "readme", "items": ["notes"]}]}"#)
            #expect(
                try child.member("changeset")
                    == #"{"stages":[],"updates":{"reconfigures":[[0,1]],"reloads":[],"sections":[]}}"#)
            let hidden = try service.request(
                "POST", Self.path + "/operations",
                body:
                    #"{"operations": [{"op": "deleteItems", "items": ["x.png"]}, {"op": "appendItems", "parent": "img", "items": ["y.png"]}]}"#
            )
            #expect(
                try hidden.member("changeset")
                    == #"{"stages":[],"updates":{"reconfigures":[],"reloads":[],"sections":[]}}"#)
            #expect(
                try hidden.json()["from"] as? String != (try hidden.json()["to"] as? String),
                "a hidden change is still a new version")
            let read = try service.request("GET", Self.path)
            #expect(
                try read.member("snapshot")
                    == #"{"sections":[{"id":"files","items":[{"children":["a.txt",{"children":["y.png"],"id":"img"}],"id":"docs"},{"children":["notes"],"id":"readme"}],"outline":true}]}"#
            )
        }
    }

    @Test func subtreesMoveDeleteAndReplaceWhole() throws {
        try TestService.with { service in
            _ = try service.request(
                "PUT", Self.path,
                body:
                    #"{"sections": [{"id": "files", "outline": true, "items": [{"id": "docs", "expanded": true, "children": ["a.txt", {"id": "img", "expanded": true, "children": ["x.png"]}]}, "readme"]}]}"#
            )
            // img (with x.png) moves from under docs to the top level: readme's one move is the
            // cheaper way to say it, and both rows whose level changed are reconfigured.
            let moved = try service.request(
                "POST", Self.path + "/operations",
                body: #"{"operations": [{"op": "moveItem", "item": "img", "after": "readme"}]}"#)
            #expect(
                try moved.member("changeset")
                    == #"{"stages":[{"items":{"deletes":[],"inserts":[],"moves":[[[0,4],[0,2]]]},"sections":{"deletes":[],"inserts":[],"moves":[]}}],"updates":{"reconfigures":[[0,3],[0,4]],"reloads":[],"sections":[]}}"#
            )
            let replaced = try service.request(
                "POST", Self.path + "/operations",
                body:
                    #"{"operations": [{"op": "replaceChildren", "item": "docs", "items": [{"id": "b.txt", "kind": "doc"}]}, {"op": "deleteItems", "items": ["img"]}]}"#
            )
            #expect(replaced.status == 200)
            let read = try service.request("GET", Self.path)
            #expect(
                try read.member("snapshot")
                    == #"{"sections":[{"id":"files","items":[{"children":[{"id":"b.txt","kind":"doc"}],"expanded":true,"id":"docs"},"readme"],"outline":true}]}"#
            )
        }
    }

    @Test func aKindChangeInAnOutlineIsAReloadEvenWithReconfigureUpdates() throws {
        try TestService.with { service in
            _ = try service.request(
                "PUT", Self.path,
                body:
                    #"{"sections": [{"id": "s", "outline": true, "items": [{"id": "a", "expanded": true, "kind": "folder", "children": [{"id": "b", "kind": "photo"}]}]}]}"#
            )
            let written = try service.request(
                "PUT", Self.path + "?updates=reconfigure",
                body:
                    #"{"sections": [{"id": "s", "outline": true, "items": [{"id": "a", "expanded": true, "kind": "folder", "children": [{"id": "b", "kind": "video"}]}]}]}"#
            )
            #expect(
                try written.member("changeset")
                    == #"{"stages":[],"updates":{"reconfigures":[],"reloads":[[0,1]],"sections":[]}}"#)
        }
    }

    @Test func badOutlinesAreRefusedNamingWhereAndWhat() throws {
        try TestService.with { service in
            let duplicate = try service.request(
                "PUT", Self.path,
                body:
                    #"{"sections": [{"id": "a", "outline": true, "items": [{"id": "x", "children": ["y"]}]}, {"id": "b", "outline": true, "items": [{"id": "z", "children": ["q", "y"]}]}]}"#
            )
            #expect(duplicate.status == 400)
            #expect(try duplicate.json()["pointer"] as? String == "/sections/1/items/0/children/1")
            #expect(try duplicate.json()["duplicates"] as? [String] == ["y"])
            let nested = try service.request(
                "PUT", Self.path, body: #"{"sections": [{"id": "a", "items": [{"id": "x", "children": ["y"]}]}]}"#)
            #expect(nested.status == 400)
            #expect(try nested.json()["pointer"] as? String == "/sections/0/items/0/children")
            let flat = try service.request("PUT", Self.path, body: #"["a", {"id": "b", "expanded": true}]"#)
            #expect(try flat.json()["pointer"] as? String == "/1/expanded")
            _ = try service.request(
                "PUT", Self.path,
                body:
                    #"{"sections": [{"id": "o", "outline": true, "items": [{"id": "p", "children": ["c"]}]}, {"id": "f", "items": ["g"]}]}"#
            )
            let expandFlat = try service.request(
                "POST", Self.path + "/operations",
                body: #"{"operations": [{"op": "expand", "items": ["p"]}, {"op": "expand", "items": ["g"]}]}"#)
            #expect(expandFlat.status == 422)
            #expect(try expandFlat.json()["operationIndex"] as? Int == 1)
            let intoItself = try service.request(
                "POST", Self.path + "/operations",
                body: #"{"operations": [{"op": "moveItem", "item": "p", "after": "c"}]}"#)
            #expect(intoItself.status == 422)
            let both = try service.request(
                "POST", Self.path + "/operations",
                body: #"{"operations": [{"op": "appendItems", "items": ["n"], "section": "o", "parent": "p"}]}"#)
            #expect(both.status == 400)
            #expect(try both.json()["pointer"] as? String == "/operations/0/parent")
            let unknown = try service.request("GET", Self.path + "?subtree=nope")
            #expect(unknown.status == 404)
            // A bad query is a 400 whatever else the request says (found by Schemathesis: an
            // If-None-Match of the current version answered 304 to it).
            let current = try #require(try service.request("GET", Self.path).header("ETag"))
            for query in ["?subtree=", "?includingParent=x", "?subtree=p&includingParent=maybe"] {
                for headers in [[], [("If-None-Match", current)], [("If-None-Match", "*,")]] {
                    let bad = try service.request("GET", Self.path + query, headers: headers)
                    #expect(bad.status == 400, "\(query) \(headers)")
                    #expect(
                        try bad.json()["parameter"] as? String
                            == (query.contains("includingParent") ? "includingParent" : "subtree"))
                }
            }
            #expect(try service.request("GET", "/v1/sessions/outlines/snapshots/none?includingParent=x").status == 400)
            let read = try service.request("GET", Self.path)
            #expect(
                try read.member("snapshot")
                    == #"{"sections":[{"id":"o","items":[{"children":["c"],"id":"p"}],"outline":true},{"id":"f","items":["g"]}]}"#,
                "nothing was half-applied")
        }
    }

    @Test func marksOnHiddenOrDeletedItemsAskForNothing() throws {
        try TestService.with { service in
            _ = try service.request("PUT", Self.path, body: Self.tree)
            let hidden = try service.request(
                "PUT", Self.path,
                body:
                    #"{"sections": [{"id": "files", "outline": true, "items": [{"id": "docs", "children": ["a.txt", {"id": "img", "children": ["x.png"]}]}, "readme"]}], "reloaded": ["a.txt", "readme"]}"#
            )
            #expect(hidden.status == 200)
            #expect(
                try hidden.member("changeset")
                    == #"{"stages":[],"updates":{"reconfigures":[],"reloads":[[0,1]],"sections":[]}}"#)
            let deleted = try service.request(
                "POST", Self.path + "/operations",
                body:
                    #"{"operations": [{"op": "expand", "items": ["docs"]}, {"op": "reloadItems", "items": ["x.png", "a.txt"]}, {"op": "deleteItems", "items": ["img"]}]}"#
            )
            #expect(deleted.status == 200)
            #expect(
                try deleted.member("changeset")
                    == #"{"stages":[{"items":{"deletes":[],"inserts":[[0,1]],"moves":[]},"sections":{"deletes":[],"inserts":[],"moves":[]}}],"updates":{"reconfigures":[[0,0]],"reloads":[],"sections":[]}}"#
            )
        }
    }

    @Test func operationsOnAnOutlinesStructureCountMoreTowardTheWorkLimit() throws {
        try TestService.with(ServiceConfiguration(store: StoreLimits(maxOperationWork: 20))) { service in
            _ = try service.request("PUT", Self.path, body: Self.tree)
            let flags = try service.request(
                "POST", Self.path + "/operations",
                body: #"{"operations": [{"op": "expand", "items": ["docs"]}, {"op": "collapse", "items": ["docs"]}]}"#)
            #expect(flags.status == 200, "two flag changes on 5 items: 12 steps")
            let rebuild = try service.request(
                "POST", Self.path + "/operations",
                body: #"{"operations": [{"op": "appendItems", "parent": "readme", "items": ["n"]}]}"#)
            #expect(rebuild.status == 422, "one structural operation on 5 items: 4 × 6 steps")
            #expect(try rebuild.json()["type"] as? String == "urn:listdiff:problem:too-much-work")
        }
    }
}
