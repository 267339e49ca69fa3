import Foundation
import ListDiffHTTP
import ListDiffTestRun
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What idle streams cost the server: CPU while they sit idle with heartbeats on, and memory
/// each. A measurement, run only when `LISTDIFF_STREAM_FOLLOWERS` names how many (the clients
/// live in a python3 child process, so this process's CPU and memory are the server's);
/// `LISTDIFF_STREAM_HEARTBEAT` sets the heartbeat interval (default 15 s).
@Suite(.ownThreads) struct StreamFollowersCostTests {
    static let count = TestRun.count("LISTDIFF_STREAM_FOLLOWERS")

    @Test(.enabled(if: count != nil, "set LISTDIFF_STREAM_FOLLOWERS to measure"))
    func idleStreamsCostLittleCPUAndMemory() throws {
        let count = Self.count ?? 0
        let heartbeat = ProcessInfo.processInfo.environment["LISTDIFF_STREAM_HEARTBEAT"] ?? "15"
        raiseDescriptorLimit(to: count + 1000)
        let registry = StreamRegistry()
        var configuration = StreamedResponseTests.configuration(idle: 60, maxStreams: count + 100)
        configuration.limits.maxConnections = count + 100
        try TestServer.with(configuration, router: registry.router()) { server in
            Thread.sleep(forTimeInterval: 0.3)
            let memoryBefore = ProcessStatus.residentBytes()
            let clients = Process()
            clients.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            clients.arguments = ["python3", "-c", Self.script, String(server.port), String(count), heartbeat]
            let output = Pipe()
            clients.standardOutput = output
            try clients.run()
            defer { clients.terminate() }
            let opened = statistics(of: server, within: 120, when: { $0.openStreams == count })
            #expect(opened.openStreams == count)
            Thread.sleep(forTimeInterval: 3)
            let memoryGrowth = ProcessStatus.residentBytes() - memoryBefore
            let seconds = 10.0
            let cpuBefore = Self.cpuSeconds()
            Thread.sleep(forTimeInterval: seconds)
            let cpu = (Self.cpuSeconds() - cpuBefore) / seconds
            print(
                """
                \(count) idle streams, heartbeat \(heartbeat) s: server RSS +\(memoryGrowth / 1024) KiB \
                (\(memoryGrowth / max(count, 1)) bytes each), CPU \(String(format: "%.2f", cpu * 100))% of one core \
                over \(Int(seconds)) s
                """)
        }
    }

    private static let script = #"""
        import socket, sys, time
        port, count, heartbeat = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
        request = ("GET /stream?heartbeat=%s HTTP/1.1\r\nHost: t\r\n\r\n" % heartbeat).encode()
        clients = []
        for _ in range(count):
            client = socket.create_connection(("127.0.0.1", port))
            client.sendall(request)
            clients.append(client)
        print("connected", len(clients), flush=True)
        time.sleep(600)
        """#

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    private func raiseDescriptorLimit(to wanted: Int) {
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        var limit = rlimit()
        getrlimit(resource, &limit)
        limit.rlim_cur = min(max(limit.rlim_cur, rlim_t(wanted)), limit.rlim_max)
        setrlimit(resource, &limit)
    }
}
