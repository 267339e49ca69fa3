import Foundation
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffService

/// `--max-store-bytes` is a hard limit: a write prunes its own snapshot's oldest versions,
/// then evicts least recently used sessions, and is refused (507, nothing changed) if it still
/// cannot fit.
@Suite(.ownThreads) struct StoreBudgetTests {
    /// A flat list of `count` ten-character identifiers, different for every `round`.
    static func list(round: Int, count: Int) -> String {
        "[" + (0..<count).map { "\"r\(round)i\(String(format: "%07d", $0))\"" }.joined(separator: ",") + "]"
    }

    @Test func oneSessionCannotTakeTheStorePastItsBudget() throws {
        let budget = 3_000_000
        try TestService.with(ServiceConfiguration(store: StoreLimits(maxStoreBytes: budget))) {
            (service: TestService) throws in
            #expect(try service.request("PUT", "/v1/sessions/other/snapshots/x", body: #"["a"]"#).status == 201)
            var largest = 0
            for round in 0..<12 {
                let written = try service.request(
                    "PUT", "/v1/sessions/greedy/snapshots/feed", body: Self.list(round: round, count: 40_000))
                #expect(
                    written.status == 200 || written.status == 201, "round \(round): \(written.bodyText.prefix(300))")
                largest = max(largest, service.service.statistics().bytes)
            }
            #expect(largest <= budget, "the store held \(largest) bytes under a budget of \(budget)")
            let read = try service.request("GET", "/v1/sessions/greedy/snapshots/feed")
            #expect(
                try read.json()["snapshot"] as? [String] == (0..<40_000).map { "r11i\(String(format: "%07d", $0))" })
        }
    }

    @Test func aWriteThatCannotFitIsRefusedAndChangesNothing() throws {
        try TestService.with(ServiceConfiguration(store: StoreLimits(maxStoreBytes: 300_000))) {
            (service: TestService) throws in
            let path = "/v1/sessions/s/snapshots/feed"
            #expect(try service.request("PUT", path, body: #"["a"]"#).status == 201)
            let refused = try service.request("PUT", path, body: Self.list(round: 0, count: 40_000))
            #expect(refused.status == 507)
            #expect(try refused.json()["type"] as? String == "urn:listdiff:problem:store-full")
            #expect(try service.request("GET", path).member("snapshot") == #"["a"]"#)
            let created = try service.request(
                "PUT", "/v1/sessions/t/snapshots/big", body: Self.list(round: 1, count: 40_000))
            #expect(created.status == 507)
            #expect(
                try service.request("GET", "/v1/sessions/t").status == 404, "a refused write leaves no session behind")
            #expect(service.service.statistics().bytes <= 300_000)
        }
    }

    @Test func oneSessionIsHeldToItsOwnLimit() throws {
        try TestService.with(
            ServiceConfiguration(store: StoreLimits(maxStoreBytes: 10_000_000, maxSessionBytes: 300_000))
        ) {
            (service: TestService) throws in
            #expect(try service.request("PUT", "/v1/sessions/quiet/snapshots/x", body: #"["a"]"#).status == 201)
            let refused = try service.request(
                "PUT", "/v1/sessions/loud/snapshots/x", body: Self.list(round: 0, count: 40_000))
            #expect(refused.status == 507)
            #expect(try refused.json()["limit"] as? Int == 300_000)
            #expect((try refused.json()["detail"] as? String ?? "").contains("session 'loud'"))
            #expect(try service.request("GET", "/v1/sessions/quiet/snapshots/x").status == 200)
            // Its own older versions go first: ten writes of 10,000 items stay within 300 KB.
            for round in 0..<10 {
                #expect(
                    try service.request(
                        "PUT", "/v1/sessions/loud/snapshots/x", body: Self.list(round: round, count: 10_000)
                    ).status < 300)
            }
            #expect(service.service.statistics().bytes <= 300_000 + 1_000)
            #expect(service.service.statistics().evictedForBytes == 0)
        }
    }

    /// With API keys, each key's share is the store ÷ keys: a key over its share makes room
    /// only from its own sessions, and a key within its share may take room back from it.
    @Test func aKeyWithinItsShareNeverLosesSessionsToAnother() throws {
        let configuration = ServiceConfiguration(
            store: StoreLimits(maxStoreBytes: 2_000_000, maxSessionBytes: 2_000_000), apiKeys: ["k1", "k2"])
        try TestService.with(configuration) { (service: TestService) throws in
            let first = [("Authorization", "Bearer k1")]
            let second = [("Authorization", "Bearer k2")]
            // The second key's sessions are half the size of the first's.
            for index in 0..<3 {
                #expect(
                    try service.request(
                        "PUT", "/v1/sessions/second-\(index)/snapshots/x", body: Self.list(round: index, count: 10_000),
                        headers: second
                    ).status == 201)
            }
            for index in 0..<8 {
                let written = try service.request(
                    "PUT", "/v1/sessions/first-\(index)/snapshots/x", body: Self.list(round: index, count: 20_000),
                    headers: first)
                #expect(written.status == 201, "first key, session \(index): \(written.bodyText.prefix(200))")
            }
            for index in 0..<3 {
                #expect(
                    try service.request("GET", "/v1/sessions/second-\(index)", headers: second).status == 200,
                    "the second key's session \(index) is kept")
            }
            #expect(
                try service.request("GET", "/v1/sessions/first-0", headers: first).status == 404,
                "the first key evicted its own oldest session")
            #expect(try service.request("GET", "/v1/sessions/first-7", headers: first).status == 200)
            // The second key, within its share, takes room back from the first, which is over.
            let evictedBefore = service.service.statistics().evictedForBytes
            for index in 3..<5 {
                #expect(
                    try service.request(
                        "PUT", "/v1/sessions/second-\(index)/snapshots/x", body: Self.list(round: index, count: 10_000),
                        headers: second
                    ).status == 201)
            }
            #expect(service.service.statistics().evictedForBytes > evictedBefore)
            for index in 0..<5 {
                #expect(try service.request("GET", "/v1/sessions/second-\(index)", headers: second).status == 200)
            }
            #expect(service.service.statistics().bytes <= 2_000_000)
        }
    }
}
