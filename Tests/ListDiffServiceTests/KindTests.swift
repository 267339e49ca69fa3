import Foundation
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Item kinds over HTTP: a kept item whose kind changes is reloaded even with
/// `updates=reconfigure`, in both forms; kinds are stored, read back and sent as values.
@Suite(.ownThreads) struct KindTests {
    static let path = "/v1/sessions/kinds/snapshots/feed"

    @Test func aKindChangeIsAReloadEvenWhenUpdatesAreReconfigures() throws {
        try TestService.with { service in
            let old =
                #"[{"id": "a", "kind": "photo", "content": {"url": "a.jpg"}}, {"id": "b", "kind": "text", "content": "hi"}, "c"]"#
            let new =
                #"[{"id": "a", "kind": "video", "content": {"url": "a.jpg"}}, {"id": "b", "kind": "text", "content": "hello"}, {"id": "c", "kind": "ad"}]"#
            let batch = try service.request(
                "POST", "/v1/diff?updates=reconfigure", body: #"{"old": \#(old), "new": \#(new)}"#)
            #expect(batch.status == 200)
            #expect(try batch.member("updates") == #"{"reconfigures":[1],"reloads":[0,2]}"#)
            let sequential = try service.request(
                "POST", "/v1/diff?format=sequential", body: #"{"old": \#(old), "new": \#(new)}"#)
            #expect(
                sequential.bodyText
                    == #"{"operations":[{"op":"change","at":0,"count":1,"kind":"reload"},{"op":"change","at":2,"count":1,"kind":"reload"},{"op":"change","at":1,"count":1,"kind":"reconfigure"}]}"#
            )
        }
    }

    @Test func kindsAreStoredReadBackAndSentAsValues() throws {
        try TestService.with { service in
            let created = try service.request(
                "PUT", Self.path, body: #"{"sections": [{"id": "s", "items": [{"id": "a", "kind": "photo"}, "b"]}]}"#)
            #expect(created.status == 201)
            let written = try service.request(
                "PUT", Self.path + "?include=values",
                body:
                    #"{"sections": [{"id": "s", "items": [{"id": "a", "kind": "text"}, "b", {"id": "n", "kind": "ad", "content": 1}]}]}"#
            )
            #expect(
                try written.member("changeset")
                    == #"{"stages":[{"items":{"deletes":[],"inserts":[[0,2]],"moves":[]},"sections":{"deletes":[],"inserts":[],"moves":[]}}],"updates":{"reconfigures":[],"reloads":[[0,0]],"sections":[]}}"#
            )
            #expect(
                try written.member("values")
                    == #"{"items":[{"at":[0,0],"item":{"id":"a","kind":"text"}},{"at":[0,2],"item":{"content":1,"id":"n","kind":"ad"}}],"sections":[]}"#
            )
            let read = try service.request("GET", Self.path)
            #expect(
                try read.member("snapshot")
                    == #"{"sections":[{"id":"s","items":[{"id":"a","kind":"text"},"b",{"content":1,"id":"n","kind":"ad"}]}]}"#
            )
            let same = try service.request(
                "PUT", Self.path,
                body:
                    #"{"sections": [{"id": "s", "items": [{"kind": "text", "id": "a"}, "b", {"id": "n", "content": 1.0, "kind": "ad"}]}]}"#
            )
            #expect(
                try same.json()["from"] as? String == (try same.json()["to"] as? String),
                "the same kinds and content make no version")
        }
    }

    @Test func aKindThatIsNotAShortStringIsA400NamingIt() throws {
        try TestService.with { service in
            let answer = try service.request("PUT", Self.path, body: #"["a", {"id": "b", "kind": 7}]"#)
            #expect(answer.status == 400)
            #expect(try answer.json()["pointer"] as? String == "/1/kind")
        }
    }
}
