import Foundation
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Marks reach every follower of the version they made (issue 31, item 3): one that asks for
/// the changes since an older version, a long poll that was behind, and a long poll held by
/// another instance sharing a Redis store.
@Suite(.ownThreads) struct MarksEndpointTests {
    static let path = "/v1/sessions/s1/snapshots/feed"
    static let reloadB = #"{"operations": [{"op": "reloadItems", "items": ["b"]}]}"#

    @Test func changesSinceTheVersionBeforeAReloadCarryIt() throws {
        try TestService.with { service in
            let (v1, v2) = (service.version(1, of: #"["a", "b", "c"]"#), service.version(2, of: #"["a", "b", "c"]"#))
            #expect(try service.request("PUT", Self.path, body: #"["a", "b", "c"]"#).status == 201)
            let marked = try service.request("POST", Self.path + "/operations", body: Self.reloadB)
            #expect(try marked.json()["to"] as? String == v2)
            let digest = try #require(try service.request("GET", Self.path).json()["digest"] as? String)
            let changes = try service.request("GET", Self.path + "/changes?since=\(v1)")
            #expect(changes.status == 200)
            #expect(
                changes.bodyText
                    == #"{"from":"\#(v1)","to":"\#(v2)","digest":"\#(digest)","changeset":{"stages":[],"updates":{"reloads":[1],"reconfigures":[]}}}"#
            )
            #expect(
                try service.request("GET", Self.path).member("snapshot") == #"["a","b","c"]"#, "a read shows no marks")
        }
    }

    /// A poll since V−1 when V+1 is current answers at once, with V's marks.
    @Test func aLongPollThatWasBehindGetsTheMarks() throws {
        try TestService.with { service in
            _ = try service.request("PUT", Self.path, body: #"["a", "b", "c"]"#)
            _ = try service.request("POST", Self.path + "/operations", body: Self.reloadB)
            _ = try service.request("PUT", Self.path, body: #"["a", "b", "c", "d"]"#)
            let v1 = service.version(1, of: #"["a", "b", "c"]"#)
            let behind = try service.request("GET", Self.path + "/changes?since=\(v1)&wait=10&include=values")
            #expect(try behind.json()["to"] as? String == service.version(3, of: #"["a", "b", "c", "d"]"#))
            #expect(
                try behind.member("changeset")
                    == #"{"stages":[{"deletes":[],"inserts":[3],"moves":[]}],"updates":{"reconfigures":[],"reloads":[1]}}"#
            )
            #expect(
                try behind.member("values") == #"{"items":[{"at":1,"item":"b"},{"at":3,"item":"d"}]}"#,
                "the reloaded item's value too")
        }
    }

    /// Two services sharing one Redis server: a poll held by the second is woken by a reload
    /// written through the first, and answered with it.
    @Test func aLongPollWokenThroughAnotherInstanceGetsTheMarks() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        try TestService.with(store: RedisStoreServiceTests.redis(server.endpoint)) { first in
            try TestService.with(store: RedisStoreServiceTests.redis(server.endpoint)) { second in
                let version = try #require(
                    try first.request("PUT", Self.path, body: #"["a", "b", "c"]"#).json()["to"] as? String)
                let poller = try second.longPoll(Self.path, since: version, wait: 10)
                usleep(300_000)
                let written = try first.request("POST", Self.path + "/operations", body: Self.reloadB)
                let answer = try poller.readResponse()
                #expect(try answer.json()["from"] as? String == version)
                #expect(try answer.json()["to"] as? String == (try written.json()["to"] as? String))
                #expect(try answer.member("changeset") == #"{"stages":[],"updates":{"reconfigures":[],"reloads":[1]}}"#)
            }
        }
    }
}
