import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Every label of `/metrics` comes from a fixed set, so no traffic can grow it: made-up methods
/// count as `other`, unknown paths as `unmatched`.
@Suite(.ownThreads) struct MetricsLabelTests {
    @Test func madeUpMethodsDoNotGrowTheMetrics() throws {
        try TestService.with { (service: TestService) throws in
            let client = try service.client()
            var generator = SystemRandomNumberGenerator()
            for index in 0..<3_000 {
                let method = "X\(UInt64.random(in: 0...UInt64.max, using: &generator))M\(index)"
                let target = index.isMultiple(of: 2) ? "/v1/sessions/s" : "/nowhere/\(index)"
                _ = try client.request(method, target)
            }
            _ = try client.request("DELETE", "/v1/sessions/s")
            Thread.sleep(forTimeInterval: 0.4)
            let metrics = try service.request("GET", "/metrics")
            #expect(metrics.body.count < 64 * 1024, "/metrics is \(metrics.body.count) bytes")
            let text = metrics.bodyText
            #expect(!text.contains("M2999"))
            #expect(text.contains(#"method="other""#))
            #expect(text.contains(#"route="unmatched""#))
            #expect(text.contains(#"method="DELETE""#))
        }
    }
}
