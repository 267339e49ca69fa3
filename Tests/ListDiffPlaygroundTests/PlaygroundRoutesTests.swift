import Foundation
import ListDiffHTTP
import ListDiffPlayground
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// The playground's files over real sockets: embedded (read from the binary, not the
/// working directory), typed, tagged and behind a strict Content-Security-Policy.
@Suite(.ownThreads) struct PlaygroundRoutesTests {
    static func with(_ body: (RawClient) throws -> Void) throws {
        var router = Router()
        PlaygroundRoutes.mount(on: &router)
        let configuration = HTTPServerConfiguration(
            host: "127.0.0.1", port: 0, eventLoopCount: 1, workerCount: 1, logLevel: .off)
        let server = HTTPServer(configuration: configuration, responder: router)
        try server.start()
        defer {
            server.shutdown(gracePeriod: 1)
            server.waitUntilStopped()
        }
        try body(RawClient(port: server.port))
    }

    /// The files as they are in the repository, to compare with what the binary serves.
    static func source(_ name: String) throws -> String {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(
            path: "../../Sources/ListDiffPlayground/Page")
        return try String(contentsOf: page.appending(path: name), encoding: .utf8)
    }

    @Test func thePageIsServedFromTheBinaryWithItsSecurityHeaders() throws {
        try Self.with { client in
            let page = try client.request("GET", "/playground")
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.bodyText == (try Self.source("index.html")))
            let policy = try #require(page.header("Content-Security-Policy"))
            #expect(policy.contains("default-src 'none'"))
            #expect(policy.contains("script-src 'self';"))
            #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
            #expect(page.header("X-Content-Type-Options") == "nosniff")
            #expect(page.header("X-Frame-Options") == "DENY")
            #expect(page.header("Referrer-Policy") == "no-referrer")
        }
    }

    @Test func theServersAddressRedirectsToThePage() throws {
        try Self.with { client in
            let root = try client.request("GET", "/")
            #expect(root.status == 302)
            #expect(root.header("Location") == "/playground")
        }
    }

    @Test func everyScriptTheHTMLNamesIsServedAsJavaScriptAndNoScriptIsInline() throws {
        let html = try Self.source("index.html")
        #expect(!html.contains("<script>"), "an inline script")
        #expect(html.range(of: #" on[a-z]+="#, options: .regularExpression) == nil, "an inline event handler")
        #expect(!html.contains("style=\""), "an inline style")
        try Self.with { client in
            for name in [
                "playground.js", "listdiff.js", "view.js", "api.js", "live.js", "presets.js", "selftest.js",
                "changeset-text.js", "input-position.js"
            ] {
                let file = try client.request("GET", "/playground/\(name)")
                #expect(file.status == 200, "\(name)")
                #expect(file.header("Content-Type") == "text/javascript; charset=utf-8", "\(name)")
                #expect(file.bodyText == (try Self.source(name)), "\(name)")
            }
            let style = try client.request("GET", "/playground/playground.css")
            #expect(style.header("Content-Type") == "text/css; charset=utf-8")
        }
    }

    @Test func listdiffJSsDeclarationsAreServedBesideItAsPlainText() throws {
        try Self.with { client in
            let declarations = try client.request("GET", "/playground/listdiff.d.ts")
            #expect(declarations.status == 200)
            #expect(declarations.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(declarations.header("X-Content-Type-Options") == "nosniff")
            #expect(declarations.bodyText == (try Self.source("listdiff.d.ts")))
            #expect(declarations.bodyText.contains("export function follow("))
        }
    }

    @Test func anUnchangedFileIsA304AndAnUnknownOneA404NamingTheFiles() throws {
        try Self.with { client in
            let first = try client.request("GET", "/playground/listdiff.js")
            let tag = try #require(first.header("ETag"))
            #expect(first.header("Cache-Control") == "no-cache")
            let again = try client.request(
                "GET", "/playground/listdiff.js", headers: [("If-None-Match", "\"0000000000000000\", \(tag)")])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == tag)
            let missing = try client.request("GET", "/playground/secrets.txt")
            #expect(missing.status == 404)
            #expect(missing.header("Content-Type") == "application/problem+json")
            #expect(missing.bodyText.contains("no file 'secrets.txt'") && missing.bodyText.contains("listdiff.js"))
            let traversal = try client.request("GET", "/playground/..%2FPackage.swift")
            #expect(traversal.status == 404)
            let slash = try client.request("GET", "/playground/")
            #expect(slash.status == 308)
            #expect(slash.header("Location") == "/playground")
        }
    }
}
