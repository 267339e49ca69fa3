import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffRedis

@Suite(.ownThreads) struct RedisScriptTests {
    @Test func sha1MatchesTheStandardVectors() {
        #expect(SHA1.hex([]) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(SHA1.hex(Array("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            SHA1.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(
            SHA1.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000)) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
    }

    /// The servers name every script as this does, so EVALSHA finds what EVAL or SCRIPT LOAD
    /// loaded; a script the server has not seen yet is sent whole once.
    @Test func serversNameTheScriptsAsWeDoAndRunThemByName() throws {
        guard !RedisServerProcess.binaries.isEmpty else {
            print(RedisServerProcess.missingReason)
            return
        }
        for binary in RedisServerProcess.binaries {
            let server = try RedisServerProcess(binary: binary)
            let pool = RedisConnectionPool(endpoint: server.endpoint, size: 1)
            for script in [
                RedisScripts.createSession, RedisScripts.write, RedisScripts.deleteSnapshot, RedisScripts.deleteSession
            ] {
                #expect(try pool.call(RESPCommand("SCRIPT", "LOAD", script.source)).string == script.sha, "\(binary)")
            }
            _ = try pool.call(RESPCommand("SCRIPT", "FLUSH"))
            #expect(
                try RedisScripts.createSession.run(
                    on: pool, keys: ["t:{0:s}:session", "t:{0:s}:names"], arguments: [Array("e".utf8), Array("60".utf8)]
                ) == .integer(1))
            #expect(
                try RedisScripts.createSession.run(
                    on: pool, keys: ["t:{0:s}:session", "t:{0:s}:names"], arguments: [Array("e".utf8), Array("60".utf8)]
                ) == .integer(0))
        }
    }
}
