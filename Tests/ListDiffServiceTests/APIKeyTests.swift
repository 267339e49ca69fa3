import Foundation
import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffService

@Suite(.ownThreads) struct APIKeyTests {
    @Test func keysAreRequiredAndSessionsArePerKey() throws {
        try TestService.with(ServiceConfiguration(apiKeys: ["alpha-key", "beta-key"])) { service in
            let missing = try service.request("POST", "/v1/sessions")
            #expect(missing.status == 401)
            #expect(missing.header("WWW-Authenticate") == #"Bearer realm="listdiff""#)
            let wrong = try service.request(
                "POST", "/v1/diff", body: #"{"old": [], "new": []}"#, headers: [("Authorization", "Bearer alpha-kez")])
            #expect(wrong.status == 401)
            #expect(wrong.header("WWW-Authenticate") == #"Bearer realm="listdiff", error="invalid_token""#)
            let alpha = [("Authorization", "Bearer alpha-key")]
            let beta = [("Authorization", "Bearer beta-key")]
            #expect(
                try service.request("PUT", "/v1/sessions/shared/snapshots/x", body: #"["a"]"#, headers: alpha).status
                    == 201)
            #expect(try service.request("GET", "/v1/sessions/shared/snapshots/x", headers: alpha).status == 200)
            #expect(try service.request("GET", "/v1/sessions/shared/snapshots/x", headers: beta).status == 404)
            #expect(try service.request("GET", "/v1/sessions/shared", headers: beta).status == 404)
            #expect(
                try service.request("PUT", "/v1/sessions/shared/snapshots/x", body: #"["b", "c"]"#, headers: beta)
                    .status == 201)
            #expect(
                try service.request("GET", "/v1/sessions/shared/snapshots/x", headers: alpha).member("snapshot")
                    == #"["a"]"#)
        }
    }

    @Test func theKeyIsCheckedBeforeTheRequestIsRead() throws {
        try TestService.with(ServiceConfiguration(apiKeys: ["alpha-key"])) { (service: TestService) throws in
            #expect(
                try service.request("POST", "/v1/sessions/s/snapshots/x/operations", body: #"{"operations": [}"#).status
                    == 401)
            #expect(try service.request("GET", "/v1/sessions/s/snapshots/x/changes?since=garbage").status == 401)
            #expect(try service.request("PUT", "/v1/sessions/s/snapshots/x", body: "{").status == 401)
            #expect(try service.request("POST", "/v1/diff?format=xml", body: "{").status == 401)
        }
    }

    /// RFC 6750 §3: a Bearer field with nothing in it is a malformed request, 400
    /// `invalid_request`; another scheme is no credentials for this one, 401 with no error code.
    @Test func aMalformedBearerIs400AndAnotherSchemeIs401WithoutACode() throws {
        try TestService.with(ServiceConfiguration(apiKeys: ["alpha-key"])) { (service: TestService) throws in
            let invalidRequest = #"Bearer realm="listdiff", error="invalid_request""#
            for value in ["Bearer", "Bearer ", "bearer    ", "Bearer \t ", ""] {
                let answer = try service.request(
                    "POST", "/v1/diff", body: #"{"old": [], "new": []}"#, headers: [("Authorization", value)])
                #expect(answer.status == 400, "'\(value)'")
                #expect(answer.header("WWW-Authenticate") == invalidRequest, "'\(value)'")
                #expect(try answer.json()["type"] as? String == "urn:listdiff:problem:invalid-authorization")
            }
            for value in ["Basic YWxwaGEta2V5OnNlY3JldA==", "Token alpha-key", "Digest", "alpha-key"] {
                let answer = try service.request("GET", "/v1/sessions/s", headers: [("Authorization", value)])
                #expect(answer.status == 401, "'\(value)'")
                #expect(answer.header("WWW-Authenticate") == #"Bearer realm="listdiff""#, "'\(value)'")
                #expect(try answer.json()["type"] as? String == "urn:listdiff:problem:unauthorized")
            }
            #expect(
                try service.request("GET", "/v1/sessions/s", headers: [("Authorization", "BEARER alpha-key")]).status
                    == 404)
        }
    }

    @Test func constantTimeComparison() {
        func equal(_ lhs: String, _ rhs: String) -> Bool { APIKeys.constantTimeEqual(Array(lhs.utf8), Array(rhs.utf8)) }
        #expect(equal("abc", "abc"))
        #expect(!equal("abc", "abd"))
        #expect(!equal("abc", "abcd"))
        #expect(!equal("", "a"))
        #expect(!equal("a\u{0}", "a"))
    }
}
