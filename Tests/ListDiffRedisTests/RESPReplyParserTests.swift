import Foundation
import ListDiffRedis
import ListDiffScenarios
import ListDiffTestRun
import Testing

@Suite(.ownThreads) struct RESPReplyParserTests {
    static func parseAll(_ text: String, chunk: Int = .max) throws -> [RESPValue] {
        var parser = RESPReplyParser()
        var values: [RESPValue] = []
        let bytes = Array(text.utf8)
        var offset = 0
        repeat {
            parser.append(bytes[offset..<min(bytes.count, offset + chunk)])
            offset = min(bytes.count, offset + chunk)
            while let value = try parser.next() { values.append(value) }
        } while offset < bytes.count
        return values
    }

    @Test func everyTypeReadsWholeAndByteByByte() throws {
        let text = "+OK\r\n-ERR wrong\r\n:-42\r\n$5\r\na\r\nb!\r\n$-1\r\n*-1\r\n*2\r\n*1\r\n:1\r\n$0\r\n\r\n"
        let expected: [RESPValue] = [
            .simpleString("OK"), .error("ERR wrong"), .integer(-42), .bulkString(Array("a\r\nb!".utf8)),
            .bulkString(nil),
            .array(nil), .array([.array([.integer(1)]), .bulkString([])])
        ]
        #expect(try Self.parseAll(text) == expected)
        #expect(try Self.parseAll(text, chunk: 1) == expected)
        #expect(try Self.parseAll(text, chunk: 3) == expected)
    }

    @Test(arguments: [
        ("?what\r\n", "byte 63"),
        (":12a\r\n", "integer"),
        (":99999999999999999999\r\n", "integer"),
        ("$5\r\nabcdefg\r\n", "CRLF"),
        ("$100000000000\r\n", "bulk string of 100000000000"),
        ("*3000000\r\n", "array of 3000000"),
        (String(repeating: "*1\r\n", count: 10) + ":1\r\n", "nested")
    ])
    func malformedRepliesAreErrorsThatSayWhat(text: String, naming: String) {
        #expect {
            _ = try Self.parseAll(text)
        } throws: { error in
            (error as? RESPProtocolError)?.description.contains(naming) == true
        }
    }

    /// Seeded random replies, written out and read back (whole and in random pieces), then
    /// mutated: a mutated reply is read or refused, never a crash or a hang.
    @Test func randomRepliesRoundTripAndMutationsNeverCrash() throws {
        let seed = Self.environmentSeed ?? 2026_11_23
        var random = SplitMix64(seed: seed)
        var mutatedRead = 0
        var mutatedRefused = 0
        for _ in 0..<5_000 {
            let values = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                Self.randomValue(depth: 0, using: &random)
            }
            var bytes: [UInt8] = []
            for value in values { Self.write(value, into: &bytes) }
            var parser = RESPReplyParser()
            var read: [RESPValue] = []
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + Int.random(in: 1...64, using: &random))
                parser.append(bytes[offset..<end])
                offset = end
                while let value = try parser.next() { read.append(value) }
            }
            #expect(read == values, "seed \(seed)")
            for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: index)
                default: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
                }
            }
            var mutated = RESPReplyParser(maxBulkBytes: 1 << 20, maxArrayCount: 1 << 12, maxDepth: 8)
            mutated.append(bytes)
            do {
                while try mutated.next() != nil {}
                mutatedRead += 1
            } catch {
                mutatedRefused += 1
            }
        }
        print(
            "RESP fuzz: seed \(seed) (rerun with LISTDIFF_RESP_SEED=\(seed)), 5000 cases round-tripped; mutated: \(mutatedRead) read, \(mutatedRefused) refused"
        )
    }

    static var environmentSeed: UInt64? { TestRun.seed("LISTDIFF_RESP_SEED") }

    static func randomValue(depth: Int, using random: inout SplitMix64) -> RESPValue {
        switch Int.random(in: 0..<(depth < 3 ? 6 : 5), using: &random) {
        case 0:
            return .simpleString(
                String(
                    (0..<Int.random(in: 0...12, using: &random)).map { _ in
                        Character(Unicode.Scalar(UInt8.random(in: 32...126, using: &random)))
                    }))
        case 1: return .error("ERR " + String(Int.random(in: 0...999, using: &random)))
        case 2: return .integer(Int64.random(in: Int64.min + 1...Int64.max, using: &random))
        case 3:
            return .bulkString(
                (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        case 4: return Bool.random(using: &random) ? .bulkString(nil) : .array(nil)
        default:
            return .array(
                (0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        }
    }

    static func write(_ value: RESPValue, into bytes: inout [UInt8]) {
        func line(_ marker: Character, _ text: String) { bytes.append(contentsOf: Array("\(marker)\(text)\r\n".utf8)) }
        switch value {
        case .simpleString(let text): line("+", text)
        case .error(let text): line("-", text)
        case .integer(let number): line(":", String(number))
        case .bulkString(nil): line("$", "-1")
        case .bulkString(let data?):
            line("$", String(data.count))
            bytes.append(contentsOf: data + [13, 10])
        case .array(nil): line("*", "-1")
        case .array(let elements?):
            line("*", String(elements.count))
            for element in elements { write(element, into: &bytes) }
        }
    }
}

@Suite(.ownThreads) struct RedisEndpointTests {
    @Test func urlsParseAndPrintWithoutThePassword() throws {
        let full = try RedisEndpoint.parse("redis://app:s3cr:et@cache.internal:6380/2").get()
        #expect(
            full == RedisEndpoint(host: "cache.internal", port: 6380, username: "app", password: "s3cr:et", database: 2)
        )
        #expect(full.description == "redis://app:***@cache.internal:6380/2")
        #expect(
            try RedisEndpoint.parse("redis://:pw@[::1]:7000").get()
                == RedisEndpoint(host: "::1", port: 7000, password: "pw"))
        #expect(try RedisEndpoint.parse("redis://localhost").get() == RedisEndpoint(host: "localhost"))
        for bad in ["http://x", "redis://", "redis://h:0", "redis://h:port", "redis://h/x"] {
            guard case .failure = RedisEndpoint.parse(bad) else {
                Issue.record("\(bad) should not parse")
                continue
            }
        }
    }
}
