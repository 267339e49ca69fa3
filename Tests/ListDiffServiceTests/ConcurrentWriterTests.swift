import Foundation
import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffService

@Suite(.ownThreads) struct ConcurrentWriterTests {
    /// Eight writers each read the version, then write with If-Match, 25 times: every accepted
    /// write is exactly one version, every rejected one got 412, and no update is lost.
    @Test func eightConditionalWritersLoseNoUpdate() throws {
        try TestService.with { service in
            let path = "/v1/sessions/s/snapshots/counter"
            _ = try service.request("PUT", path, body: "[]")
            let accepted = LockedCounter()
            let rejected = LockedCounter()
            let failures = LockedCounter()
            DispatchQueue.concurrentPerform(iterations: 8) { writer in
                guard let client = try? service.client() else { return failures.add() }
                for attempt in 0..<25 {
                    guard let current = try? client.request("GET", path), let tag = current.header("ETag"),
                        let items = (try? current.json())?["snapshot"] as? [String]
                    else { return failures.add() }
                    let next = items + ["w\(writer)-\(attempt)"]
                    let body = "[" + next.map { "\"\($0)\"" }.joined(separator: ",") + "]"
                    guard let response = try? client.request("PUT", path, body: body, headers: [("If-Match", tag)])
                    else { return failures.add() }
                    switch response.status {
                    case 200: accepted.add()
                    case 412: rejected.add()
                    default: failures.add()
                    }
                }
            }
            #expect(failures.value == 0)
            #expect(accepted.value + rejected.value == 200)
            let final = try service.request("GET", path)
            let items = try final.json()["snapshot"] as? [String] ?? []
            #expect(items.count == accepted.value)
            #expect(Set(items).count == items.count)
            #expect(
                (try final.json()["version"] as? String ?? "").hasPrefix(
                    "\(service.service.epoch).\(accepted.value + 1)."))
        }
    }
}

final class LockedCounter: @unchecked Sendable {
    // Sendable argument: `count` is only touched while holding `lock`.
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
