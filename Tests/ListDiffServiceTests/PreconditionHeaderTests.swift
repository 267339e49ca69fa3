import Foundation
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Conditional and credential headers read as RFC 9110 says: repeated fields combine into one
/// list, entity tags compare octet by octet, `If-None-Match: *` makes a write create-only, and
/// what is ambiguous is refused rather than guessed.
@Suite(.ownThreads) struct PreconditionHeaderTests {
    @Test func ifNoneMatchStarMakesAWriteCreateOnly() throws {
        try TestService.with { (service: TestService) throws in
            let path = "/v1/sessions/s/snapshots/feed"
            let created = try service.request("PUT", path, body: #"["a"]"#, headers: [("If-None-Match", "*")])
            #expect(created.status == 201)
            let replaced = try service.request("PUT", path, body: #"["b"]"#, headers: [("If-None-Match", "*")])
            #expect(replaced.status == 412)
            #expect(try replaced.json()["type"] as? String == "urn:listdiff:problem:version-mismatch")
            let operations = try service.request(
                "POST", path + "/operations", body: #"{"operations": [{"op": "deleteAllItems"}]}"#,
                headers: [("If-None-Match", "*")])
            #expect(operations.status == 412)
            #expect(try service.request("GET", path).member("snapshot") == #"["a"]"#)
        }
    }

    @Test func repeatedIfMatchFieldsCombineIntoOneList() throws {
        try TestService.with { (service: TestService) throws in
            let path = "/v1/sessions/s/snapshots/feed"
            let first = try service.request("PUT", path, body: #"["a"]"#)
            let current = first.header("ETag") ?? ""
            let stale = "\"\(service.service.epoch).999999\""
            let written = try service.client().request(
                "PUT", path, body: #"["b"]"#, headers: [("If-Match", stale), ("If-Match", current)])
            #expect(written.status == 200, "\(written.bodyText)")
        }
    }

    @Test func entityTagsCompareOctetByOctet() throws {
        try TestService.with { (service: TestService) throws in
            let path = "/v1/sessions/s/snapshots/feed"
            let first = try service.request("PUT", path, body: #"["a"]"#)
            let version = try first.json()["to"] as? String ?? ""
            let padded = version.replacingOccurrences(of: ".", with: ".0")
            let refused = try service.request("PUT", path, body: #"["b"]"#, headers: [("If-Match", "\"\(padded)\"")])
            #expect(refused.status == 412)
            let weak = try service.request("PUT", path, body: #"["b"]"#, headers: [("If-Match", "W/\"\(version)\"")])
            #expect(weak.status == 412, "If-Match compares strongly: a weak tag never matches")
            #expect(
                (try weak.json()["detail"] as? String ?? "").contains("weak tag"),
                "the 412 says why a weak tag did not match")
            #expect(try service.request("GET", path, headers: [("If-None-Match", "\"\(padded)\"")]).status == 200)
            #expect(try service.request("GET", path, headers: [("If-None-Match", "W/\"\(version)\"")]).status == 304)
        }
    }

    @Test(arguments: ["If-Match", "If-None-Match"])
    func aConditionThatIsNotAnEntityTagIsABadRequest(header: String) throws {
        try TestService.with { (service: TestService) throws in
            let path = "/v1/sessions/s/snapshots/feed"
            let first = try service.request("PUT", path, body: #"["a"]"#)
            let version = try first.json()["to"] as? String ?? ""
            let unquoted = try service.request("PUT", path, body: #"["b"]"#, headers: [(header, version)])
            #expect(unquoted.status == 400)
            #expect(try unquoted.json()["type"] as? String == "urn:listdiff:problem:invalid-header")
            #expect((try unquoted.json()["detail"] as? String ?? "").contains("entity tag"))
            #expect(try service.request("GET", path).member("snapshot") == #"["a"]"#)
        }
    }

    @Test func twoAuthorizationFieldsAreABadRequest() throws {
        try TestService.with(ServiceConfiguration(apiKeys: ["alpha-key", "beta-key"])) {
            (service: TestService) throws in
            let both = try service.request(
                "POST", "/v1/sessions",
                headers: [("Authorization", "Bearer alpha-key"), ("Authorization", "Bearer beta-key")])
            #expect(both.status == 400)
            #expect(try both.json()["type"] as? String == "urn:listdiff:problem:invalid-header")
        }
    }
}
