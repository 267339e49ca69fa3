import Foundation
import ListDiffRedis
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// A Redis that answers with an error reply, over HTTP, against real servers (each binary
/// found: Redis, Valkey): busy with a long script, loading its data set, out of memory, a
/// read-only replica. Only a successful read that found nothing is a 404; a server that cannot
/// serve now is a 503 with `Retry-After` and `/readyz` at 503 until it serves again; a full one
/// is a 507. No detail carries a script's SHA or Lua line.
@Suite(.serialized, .ownThreads) struct RedisErrorReplyServiceTests {
    static let path = "/v1/sessions/s/snapshots/feed"

    static func eachServer(_ body: (String) throws -> Void) throws {
        guard !RedisServerProcess.binaries.isEmpty else {
            print(RedisServerProcess.missingReason)
            return
        }
        for binary in RedisServerProcess.binaries {
            print("against \(binary)")
            try body(binary)
        }
    }

    static func admin(_ server: RedisServerProcess) throws -> RedisConnection {
        try RedisConnection(endpoint: server.endpoint, connectTimeout: 1, replyTimeout: 5)
    }

    /// What the server answers a `PING` now: `PONG`, or its refusal's code.
    static func ping(_ server: RedisServerProcess) -> String {
        guard let connection = try? admin(server) else { return "no connection" }
        switch try? connection.send([RESPCommand("PING")]).first {
        case .simpleString(let pong)?: return pong
        case .error(let message)?: return String(message.prefix { $0 != " " })
        default: return "no reply"
        }
    }

    /// A 503 `store-unavailable` with `Retry-After`, whose detail leaks nothing of Redis's.
    static func expectUnavailable(
        _ response: RawClient.Response, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            response.status == 503, "\(what): \(response.status) \(response.bodyText)", sourceLocation: sourceLocation)
        #expect(
            (try? response.json()["type"] as? String) == "urn:listdiff:problem:store-unavailable", "\(what)",
            sourceLocation: sourceLocation)
        #expect(response.header("Retry-After") == "1", "\(what)", sourceLocation: sourceLocation)
        expectNoInternals(response, what, sourceLocation: sourceLocation)
    }

    static func expectNoInternals(
        _ response: RawClient.Response, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let text = response.bodyText
        #expect(
            !text.contains("script") && !text.contains("@user_script")
                && text.range(of: "[0-9a-f]{40}", options: .regularExpression) == nil,
            "\(what): no script, SHA or Lua line in \(text)", sourceLocation: sourceLocation)
    }

    static func waitUntilReady(_ service: TestService, within seconds: Double) throws -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if try service.request("GET", "/readyz").status == 200 { return true }
            usleep(50_000)
        }
        return false
    }

    /// Runs a script that keeps `server` busy for `microseconds`, from a connection of its own;
    /// the semaphore is signalled once it is done.
    static func keepBusy(_ server: RedisServerProcess, microseconds: Int) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let endpoint = server.endpoint
        Thread.detachNewThread {
            let connection = try? RedisConnection(endpoint: endpoint, connectTimeout: 1, replyTimeout: 5)
            _ = try? connection?.call(
                RESPCommand(
                    "EVAL",
                    """
                    local t = redis.call('TIME')
                    local started = t[1] * 1000000 + t[2]
                    repeat
                      local now = redis.call('TIME')
                    until now[1] * 1000000 + now[2] - started > \(microseconds)
                    return 1
                    """, "0"))
            done.signal()
        }
        return done
    }

    /// Every request that reads or writes while a script runs past `busy-reply-threshold`.
    static func requests(version: String) -> [(String, String, String?, [(String, String)])] {
        [
            ("GET", path, nil, []),
            ("GET", "/v1/sessions/s", nil, []),
            ("GET", path + "/changes?since=\(version)", nil, []),
            ("GET", path + "/changes?since=\(version)&wait=1", nil, []),
            ("POST", path + "/operations", #"{"operations": [{"op": "appendItems", "items": ["c"]}]}"#, []),
            ("PUT", path, #"["a", "b", "c"]"#, [("If-Match", "\"\(version)\"")]),
            ("PUT", path, #"["a", "b", "c"]"#, [])
        ]
    }

    @Test func whileRedisRunsALongScriptEveryCallIs503AndNotReady() throws {
        try Self.eachServer { binary in
            let server = try RedisServerProcess(binary: binary)
            _ = try Self.admin(server).call(RESPCommand("CONFIG", "SET", "busy-reply-threshold", "100"))
            try TestService.with(store: RedisStoreServiceTests.redis(server.endpoint)) { service in
                let created = try service.request("PUT", Self.path, body: #"["a", "b"]"#)
                let version = try #require(created.json()["to"] as? String)
                let done = Self.keepBusy(server, microseconds: 2_000_000)
                let deadline = Date(timeIntervalSinceNow: 1)
                while Self.ping(server) != "BUSY", Date() < deadline { usleep(20_000) }
                try #require(Self.ping(server) == "BUSY", "the script keeps the server busy")
                let started = Date()
                for (method, target, body, headers) in Self.requests(version: version) {
                    let response = try service.request(method, target, body: body, headers: headers)
                    Self.expectUnavailable(response, "\(method) \(target) \(headers) while busy")
                }
                #expect(try service.request("GET", "/readyz").status == 503, "not ready while busy")
                #expect(Self.ping(server) == "BUSY" && Date().timeIntervalSince(started) < 1.5, "all asked while busy")
                done.wait()
                #expect(try Self.waitUntilReady(service, within: 3), "ready once the script is done")
                let read = try service.request("GET", Self.path)
                #expect(read.status == 200 && read.header("ETag") == "\"\(version)\"", "nothing was written meanwhile")
            }
        }
    }

    @Test func aRedisOutOfMemoryIs507SayingSoNot503() throws {
        try Self.eachServer { binary in
            let server = try RedisServerProcess(binary: binary)
            let admin = try Self.admin(server)
            try TestService.with(store: RedisStoreServiceTests.redis(server.endpoint)) { service in
                #expect(try service.request("PUT", "/v1/sessions/s0/snapshots/feed", body: #"["a"]"#).status == 201)
                let memory = try #require(admin.call(RESPCommand("INFO", "memory")).string)
                let used = try #require(
                    memory.split(separator: "\r\n").first { $0.hasPrefix("used_memory:") }
                        .flatMap { Int($0.dropFirst("used_memory:".count)) })
                _ = try admin.call(RESPCommand("CONFIG", "SET", "maxmemory-policy", "noeviction"))
                _ = try admin.call(RESPCommand("CONFIG", "SET", "maxmemory", String(used + (2 << 20))))
                let body = "[" + (0..<2_000).map { "\"item-\($0)-of-a-list-long-enough\"" }.joined(separator: ",") + "]"
                var refused: RawClient.Response?
                for session in 1...400 {
                    let response = try service.request("PUT", "/v1/sessions/s\(session)/snapshots/feed", body: body)
                    guard response.status == 201 else {
                        refused = response
                        break
                    }
                }
                let full = try #require(refused, "the server never refused a write")
                #expect(full.status == 507, "\(full.status) \(full.bodyText)")
                #expect(try full.json()["type"] as? String == "urn:listdiff:problem:store-full")
                let detail = try full.json()["detail"] as? String ?? ""
                #expect(detail.contains("out of memory"), "\(detail)")
                #expect(full.header("Retry-After") == nil, "retrying soon would not help")
                Self.expectNoInternals(full, "the full store's answer")
                #expect(try service.request("GET", "/v1/sessions/s0/snapshots/feed").status == 200, "reads still work")
                let changes = try service.request("GET", "/v1/sessions/s0/snapshots/feed/changes?since=x.1")
                #expect(changes.status == 200, "a follower still reads: \(changes.bodyText)")
                #expect(try service.request("GET", "/readyz").status == 200, "a full store still serves")
            }
        }
    }

    @Test func throughAReadOnlyReplicaReadsAreReadsAndWritesAre503() throws {
        try Self.eachServer { binary in
            // The replica keeps the RDB it is sent: in a directory of its own, not the tests'.
            let directory = try RedisServerProcess.makeScratchDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let master = try RedisServerProcess(binary: binary, arguments: ["--repl-diskless-sync-delay", "0"])
            let replica = try RedisServerProcess(
                binary: binary, arguments: ["--replicaof", "127.0.0.1", String(master.port), "--dir", directory.path])
            try TestService.with(store: RedisStoreServiceTests.redis(master.endpoint)) { writer in
                let created = try writer.request("PUT", Self.path, body: #"["a", "b"]"#)
                let version = try #require(created.json()["to"] as? String)
                try TestService.with(store: RedisStoreServiceTests.redis(replica.endpoint)) { service in
                    var read = try service.request("GET", Self.path)
                    let deadline = Date(timeIntervalSinceNow: 10)
                    while read.status != 200, Date() < deadline {
                        usleep(50_000)
                        read = try service.request("GET", Self.path)
                    }
                    #expect(read.status == 200 && read.header("ETag") == "\"\(version)\"", "the replica has the write")
                    #expect(try service.request("GET", "/v1/sessions/s").status == 200)
                    #expect(try service.request("GET", Self.path + "/changes?since=\(version)").status == 200)
                    for (method, target, body, headers) in Self.requests(version: version).filter({ $0.0 != "GET" }) {
                        let response = try service.request(method, target, body: body, headers: headers)
                        Self.expectUnavailable(response, "\(method) \(target) \(headers) on a replica")
                        let detail = (try? response.json()["detail"] as? String) ?? ""
                        #expect(detail.contains("read-only replica"), "\(detail)")
                    }
                    #expect(try service.request("GET", "/readyz").status == 200, "a replica serves reads")
                }
            }
        }
    }

    /// A server restarting from an RDB answers `LOADING` until it has read it: made slow (and
    /// so reliable) with the server's own `key-load-delay` (microseconds per key) over 20,000
    /// filler keys, events handled every KiB.
    @Test func whileRedisLoadsItsDataAReadIs503Not404() throws {
        try Self.eachServer { binary in
            let directory = try RedisServerProcess.makeScratchDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let first = try RedisServerProcess(binary: binary, arguments: ["--dir", directory.path])
            try TestService.with(store: RedisStoreServiceTests.redis(first.endpoint)) { service in
                let created = try service.request("PUT", Self.path, body: #"["a", "b"]"#)
                let version = try #require(created.json()["to"] as? String)
                let admin = try Self.admin(first)
                for chunk in stride(from: 0, to: 20_000, by: 1_000) {
                    _ = try admin.send((chunk..<chunk + 1_000).map { RESPCommand("SET", "filler:\($0)", "x") })
                }
                _ = try admin.call(RESPCommand("SAVE"))
                first.stop()
                let restarted = try RedisServerProcess(
                    binary: binary, port: first.port,
                    arguments: [
                        "--dir", directory.path, "--key-load-delay", "100", "--loading-process-events-interval-bytes",
                        "1024"
                    ])
                try #require(Self.ping(restarted) == "LOADING", "the server is loading")
                let started = Date()
                for (method, target) in [
                    ("GET", Self.path), ("GET", "/v1/sessions/s"), ("GET", Self.path + "/changes?since=\(version)")
                ] {
                    Self.expectUnavailable(try service.request(method, target), "\(method) \(target) while loading")
                }
                #expect(try service.request("GET", "/readyz").status == 503, "not ready while loading")
                #expect(
                    Self.ping(restarted) == "LOADING" && Date().timeIntervalSince(started) < 1,
                    "all asked while loading")
                // 20,000 keys at 0.1 ms each take 2 s alone, and longer beside the rest of the
                // tests: the bound is for "ready again", not for how fast.
                #expect(try Self.waitUntilReady(service, within: 30), "ready once loaded")
                let read = try service.request("GET", Self.path)
                #expect(
                    read.status == 200 && read.header("ETag") == "\"\(version)\"", "the snapshot was there all along")
            }
        }
    }
}
