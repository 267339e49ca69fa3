import Foundation
import ListDiffScenarios
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffHTTP

/// Random byte edits of valid requests. Settings: `LISTDIFF_MUTATION_SEED` replays a run,
/// `LISTDIFF_MUTATION_COUNT` raises the number of inputs (default 3,000 parser inputs).
@Suite(.ownThreads) struct ParserMutationTests {
    static let corpus: [String] = [
        "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n",
        "POST /echo?x=%41&y=b+c HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello",
        "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3;e=1\r\nabc\r\n0\r\nT: 1\r\n\r\n",
        "POST /echo HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nxyz",
        "GET /a%20b HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET / HTTP/1.1\r\nHost: b\r\n\r\n",
        "HEAD http://h/p HTTP/1.1\r\nHost: a\r\nAccept: x\r\nAccept: y\r\n\r\n"
    ]
    static let tokens: [[UInt8]] = [
        "\r\n", "\r\n\r\n", ":", " ", "%", "%0", "chunked", "Content-Length: ", "Transfer-Encoding: chunked\r\n",
        "0\r\n\r\n", "ffffffffffffffff", "99999999999", "\n", "\u{0}", "HTTP/1.1"
    ].map { Array($0.utf8) }

    static var seed: UInt64 {
        TestRun.seed("LISTDIFF_MUTATION_SEED")
            ?? UInt64(Date().timeIntervalSince1970 * 1000)
    }

    static func mutate(_ input: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &generator)
            case 1: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
            case 2 where !bytes.isEmpty: bytes.remove(at: position)
            case 3: bytes.insert(contentsOf: tokens[Int.random(in: 0..<tokens.count, using: &generator)], at: position)
            case 4 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...16, using: &generator))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            default: bytes[position...].reverse()
            }
        }
        return bytes
    }

    struct Outcome: Equatable {
        var requests: [String]
        var failureStatus: Int?
    }

    static func outcome(_ bytes: [UInt8], pieces: [Int]) -> Outcome {
        var harness = ParserHarness(
            limits: HTTPLimits(maxRequestLineBytes: 256, maxHeaderBytes: 1024, maxHeaderCount: 20, maxBodyBytes: 4096))
        var start = 0
        var pieceIndex = 0
        while start < bytes.count {
            let end = min(bytes.count, start + max(1, pieces[pieceIndex % pieces.count]))
            harness.feed(Array(bytes[start..<end]))
            start = end
            pieceIndex += 1
        }
        return Outcome(
            requests: harness.requests.map {
                "\($0.method) \($0.path) \($0.body.count) \($0.trailers.count) \($0.keepAlive)"
            },
            failureStatus: harness.failure?.status
        )
    }

    @Test func mutatedRequestsNeverCrashAndParseTheSameInAnySplit() {
        let seed = Self.seed
        print("ParserMutationTests seed: \(seed) (replay with LISTDIFF_MUTATION_SEED=\(seed))")
        var generator = SplitMix64(seed: seed)
        let count = TestRun.cases("LISTDIFF_MUTATION_COUNT", default: 3000)
        for _ in 0..<count {
            let original = Array(Self.corpus[Int.random(in: 0..<Self.corpus.count, using: &generator)].utf8)
            let mutated = Self.mutate(original, using: &generator)
            let whole = Self.outcome(mutated, pieces: [Int.max])
            let split = Self.outcome(mutated, pieces: (0..<8).map { _ in Int.random(in: 1...9, using: &generator) })
            #expect(whole == split, "seed \(seed): \(String(decoding: mutated, as: UTF8.self).debugDescription)")
        }
    }

    @Test func mutatedRequestsOverSocketsAreAnsweredOrClosed() throws {
        let seed = Self.seed &+ 1
        print("ParserMutationTests socket seed: \(seed)")
        var generator = SplitMix64(seed: seed)
        try TestServer.with { server in
            for _ in 0..<150 {
                let original = Array(Self.corpus[Int.random(in: 0..<Self.corpus.count, using: &generator)].utf8)
                let mutated = Self.mutate(original, using: &generator)
                let client = try RawClient(port: server.port, receiveTimeout: 2)
                try? client.send(mutated)
                client.shutdownWriting()
                var outcome = "timeout"
                while true {
                    do {
                        let response = try client.readResponse()
                        outcome = "answered \(response.status)"
                    } catch RawClient.ClientError.timedOut {
                        outcome = "timeout"
                        break
                    } catch {
                        if outcome == "timeout" { outcome = "closed" }
                        break
                    }
                }
                #expect(
                    outcome != "timeout", "seed \(seed): \(String(decoding: mutated, as: UTF8.self).debugDescription)")
            }
            let check = try RawClient(port: server.port)
            try check.send(get("/healthz"))
            #expect(try check.readResponse().status == 200)
        }
    }
}
