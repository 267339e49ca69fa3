import Foundation
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// The API called from a browser's page, as `--cors-origins` serves it: a preflight needs no
/// key; the answers name the origin and let the page read the version.
@Suite(.ownThreads) struct CORSTests {
    static let page = "https://app.example"

    @Test func aPageFromAnAllowedOriginWritesWithAKeyAndReadsTheVersion() throws {
        var configuration = ServiceConfiguration()
        configuration.apiKeys = ["k1"]
        try TestService.with(configuration, corsOrigins: [Self.page]) { service in
            let path = "/v1/sessions/web/snapshots/feed"
            let preflight = try service.request(
                "OPTIONS", path,
                headers: [
                    ("Origin", Self.page), ("Access-Control-Request-Method", "PUT"),
                    ("Access-Control-Request-Headers", "authorization, content-type, if-match")
                ])
            #expect(preflight.status == 204, "a preflight carries no key and needs none")
            #expect(preflight.header("Access-Control-Allow-Methods")?.contains("PUT") == true)
            #expect(
                preflight.header("Access-Control-Allow-Headers")
                    == "Authorization, Content-Type, If-Match, If-None-Match, X-ListDiff-Session-Name")
            let written = try service.request(
                "PUT", path, body: #"["a", "b"]"#, headers: [("Origin", Self.page), ("Authorization", "Bearer k1")])
            #expect(written.status == 201 && written.header("Access-Control-Allow-Origin") == Self.page)
            #expect(written.header("Access-Control-Expose-Headers")?.contains("ETag") == true)
            let unkeyed = try service.request("GET", path, headers: [("Origin", Self.page)])
            #expect(
                unkeyed.status == 401 && unkeyed.header("Access-Control-Allow-Origin") == Self.page,
                "the page can read why it was refused")
            let other = try service.request(
                "GET", path, headers: [("Origin", "https://evil.example"), ("Authorization", "Bearer k1")])
            #expect(
                other.status == 200 && other.header("Access-Control-Allow-Origin") == nil,
                "another origin's page cannot read it")
        }
    }

    @Test func withoutTheFlagNoAnswerNamesAnOrigin() throws {
        try TestService.with { service in
            let preflight = try service.request(
                "OPTIONS", "/v1/diff", headers: [("Origin", Self.page), ("Access-Control-Request-Method", "POST")])
            #expect(preflight.status == 405 && preflight.header("Access-Control-Allow-Origin") == nil)
        }
    }
}
