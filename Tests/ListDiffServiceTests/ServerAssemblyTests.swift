import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// The test server is `listdiff-server`'s assembly, so it answers every route the real one
/// serves by default, not only the service's.
@Suite(.ownThreads) struct ServerAssemblyTests {
    @Test func theTestServerServesWhatListDiffServerServes() throws {
        try TestService.with { service in
            let health = try service.request("GET", "/healthz")
            #expect(health.status == 200 && health.bodyText == "ok\n")
            let ready = try service.request("GET", "/readyz")
            #expect(ready.status == 200 && ready.bodyText == "ready\n")
            let document = try service.request("GET", "/openapi.yaml")
            #expect(document.status == 200 && document.bodyText.hasPrefix("openapi: 3.1"))
            #expect(try service.request("GET", "/playground").status == 200)
            #expect(try service.request("GET", "/metrics").bodyText.contains("listdiff_http_requests_total"))
            #expect(try service.request("POST", "/echo", body: "x").status == 404, "benchmark routes stay off")
        }
    }
}
