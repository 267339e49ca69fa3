import Foundation
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// The router splits the raw path at `/` before decoding each segment: an encoded `/` is part
/// of a name (and so refused by the name rules), never a separator a proxy's path rules did
/// not see; `.` and `..` are not names.
@Suite(.ownThreads) struct PathSegmentTests {
    @Test func anEncodedSlashIsPartOfANameNotASeparator() throws {
        try TestService.with { (service: TestService) throws in
            #expect(try service.request("PUT", "/v1/sessions/enc/snapshots/feed", body: #"["a"]"#).status == 201)
            let smuggled = try service.request("DELETE", "/v1/sessions/enc%2Fsnapshots%2Ffeed")
            #expect(smuggled.status == 400)
            #expect(try smuggled.json()["type"] as? String == "urn:listdiff:problem:invalid-name")
            #expect(try service.request("GET", "/v1/sessions/enc/snapshots/feed").status == 200)
            #expect(try service.request("GET", "/v1%2Fsessions%2Fenc").status == 404)
            #expect(try service.request("POST", "/v1%2Fdiff", body: #"{"old": [], "new": []}"#).status == 404)
            #expect(try service.request("GET", "/v1/sessions/enc/snapshots/feed%2Fchanges?since=x.1").status == 400)
        }
    }

    @Test(arguments: [".", "..", "%2E", "%2e%2E"])
    func dotSegmentsAreNotNames(name: String) throws {
        try TestService.with { (service: TestService) throws in
            let asSession = try service.request("PUT", "/v1/sessions/\(name)/snapshots/x", body: "[]")
            #expect(asSession.status == 400, "session '\(name)'")
            let asSnapshot = try service.request("PUT", "/v1/sessions/s/snapshots/\(name)", body: "[]")
            #expect(asSnapshot.status == 400, "snapshot '\(name)'")
            #expect(try service.request("GET", "/v1/sessions/s").status == 404, "nothing was created")
        }
    }

    @Test func escapedUnreservedCharactersStillMatchLiterals() throws {
        try TestService.with { (service: TestService) throws in
            #expect(try service.request("PUT", "/v1/sessions/s/snapshots/%66eed", body: #"["a"]"#).status == 201)
            #expect(try service.request("GET", "/v1/sessions/s/snapshots/feed").status == 200)
            #expect(try service.request("GET", "/v1/%73essions/s").status == 200)
        }
    }
}
