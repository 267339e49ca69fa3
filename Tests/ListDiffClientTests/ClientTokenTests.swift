import Foundation
import ListDiffJSON
import ListDiffService
import ListDiffTestRun
import Testing

@testable import ListDiffClient

/// The client with a token provider against a server with `--token-keys`: tokens that expire
/// while a mirror follows a snapshot are asked for again, and the mirror never sees the 401.
@Suite(.ownThreads) struct ClientTokenTests {
    static let secret = "a2tra2tra2tra2tra2tra2tra2tra2tra2tra2tra2s="

    actor Calls {
        var count = 0
        func next() -> Int {
            count += 1
            return count
        }
    }

    /// A token from scripts/mint-token.py (independent of the server's code) that expires in 4 to
    /// 5 s: long enough that a fresh one is still valid when a loaded machine gets to send it (with
    /// 2 s, a CI run with 492 tests saw the provider's second token expire before its request).
    static func mint(ttl: Int = 5) throws -> String {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/mint-token.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", script, "--kid", "k", "--secret", secret, "--sessions", "user-1", "--scope", "read", "--ttl",
            String(ttl)
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aMirrorFollowsWithExpiringTokens() async throws {
        var configuration = ServiceConfiguration(
            apiKeys: ["writer=writer-key"],
            tokens: TokenConfiguration(keys: TokenKey.list("k:hs256:\(Self.secret):writer") ?? []))
        configuration.tokens.leewaySeconds = 0
        try await ClientTestServer.with(configuration) { server in
            let writer = ListDiffClient(baseURL: server.baseURL, apiKey: "writer-key").session("user-1").snapshot(
                "list")
            let calls = Calls()
            let reader = ListDiffClient(baseURL: server.baseURL) {
                _ = await calls.next()
                return try Self.mint()
            }
            let mirror = SnapshotMirror(following: reader.session("user-1").snapshot("list"))
            var last = try await writer.put(ClientWriteRetryTests.flat(["a"])).to
            // Until the provider has been asked again (its first token expires within 5 s); a
            // loaded machine may take longer to get there, a client that never asks never does.
            let end = ContinuousClock.now + .seconds(30)
            var round = 0
            while await calls.count < 2, ContinuousClock.now < end {
                round += 1
                last = try await writer.put(ClientWriteRetryTests.flat(["a", "b\(round)"])).to
                _ = try await mirror.synchronize(wait: .milliseconds(200))
                #expect(await mirror.copy?.version == last)
                try await Task.sleep(for: .milliseconds(400))
            }
            #expect(await calls.count >= 2, "the provider was asked again after its token expired")
        }
    }
}
