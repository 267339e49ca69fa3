import Foundation
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// `include=values`: a changeset carries the sections and items a client holding only the
/// old list lacks, at their places in the new one.
@Suite(.ownThreads) struct ValuesTests {
    static let path = "/v1/sessions/s1/snapshots/feed"

    @Test func writesAndChangesCarryTheFreshElementsWhenAsked() throws {
        try TestService.with { service in
            let created = try service.request(
                "PUT", Self.path + "?include=values", body: #"["a", {"id": "b", "content": 1}]"#)
            #expect(created.status == 201)
            #expect(
                try created.member("values")
                    == #"{"items":[{"at":0,"item":"a"},{"at":1,"item":{"content":1,"id":"b"}}]}"#)
            let plain = try service.request("PUT", Self.path, body: #"["c", "a", {"id": "b", "content": 2}]"#)
            #expect(try plain.json()["values"] == nil)
            let changes = try service.request(
                "GET",
                Self.path
                    + "/changes?since=\(service.version(1, of: #"["a", {"id": "b", "content": 1}]"#))&include=values")
            #expect(
                try changes.member("values")
                    == #"{"items":[{"at":0,"item":"c"},{"at":2,"item":{"content":2,"id":"b"}}]}"#)
            let operations = try service.request(
                "POST", Self.path + "/operations?include=values",
                body: #"{"operations": [{"op": "appendItems", "items": ["d"]}]}"#)
            #expect(try operations.member("values") == #"{"items":[{"at":3,"item":"d"}]}"#)
            let v3 = try operations.json()["to"] as? String ?? ""
            let unchanged = try service.request("GET", Self.path + "/changes?since=\(v3)&include=values")
            #expect(try unchanged.member("values") == #"{"items":[]}"#)
        }
    }

    @Test func sectionedValuesNameSectionsAndIndexPaths() throws {
        try TestService.with { service in
            let v1 =
                try service.request("PUT", Self.path, body: #"{"sections": [{"id": "A", "items": ["a"]}]}"#).json()[
                    "to"] as? String ?? ""
            let poller = try service.client()
            try poller.send(
                "GET \(Self.path)/changes?since=\(v1)&wait=10&include=values HTTP/1.1\r\nHost: t\r\n\r\n")
            Thread.sleep(forTimeInterval: 0.2)
            _ = try service.request(
                "PUT", Self.path,
                body: #"{"sections": [{"id": "A", "items": ["a", "x"]}, {"id": "B", "content": "b", "items": ["y"]}]}"#)
            let response = try poller.readResponse()
            #expect(response.status == 200)
            #expect(
                try response.member("values")
                    == #"{"items":[{"at":[0,1],"item":"x"}],"sections":[{"at":1,"section":{"content":"b","id":"B","items":["y"]}}]}"#
            )
        }
    }

    @Test func valuesAreForTheBatchFormOfAStoredSnapshot() throws {
        try TestService.with { service in
            _ = try service.request("PUT", Self.path, body: #"["a"]"#)
            let sequential = try service.request(
                "PUT", Self.path + "?format=sequential&include=values", body: #"["b"]"#)
            #expect(sequential.status == 400)
            #expect(try sequential.json()["parameter"] as? String == "include")
            #expect(try service.request("PUT", Self.path + "?include=everything", body: #"["b"]"#).status == 400)
            #expect(
                try service.request("POST", "/v1/diff?include=values", body: #"{"old": [], "new": []}"#).status == 400)
            #expect(
                try service.request("GET", Self.path).json()["version"] as? String == service.version(1, of: #"["a"]"#))
        }
    }
}
