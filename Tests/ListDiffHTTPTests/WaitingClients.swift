import Foundation

/// `count` clients in a python3 child process, each sending `GET /hold` and waiting: prints
/// `connected N` once all have sent, then `answered N` (responses with status 200 and body
/// `woken`) once every one got its answer.
final class WaitingClients {
    private static let script = #"""
        import socket, sys, time
        port, count = int(sys.argv[1]), int(sys.argv[2])
        request = b"GET /hold HTTP/1.1\r\nHost: t\r\n\r\n"
        clients = []
        for _ in range(count):
            for attempt in range(100):
                try:
                    client = socket.create_connection(("127.0.0.1", port))
                    break
                except OSError:
                    time.sleep(0.05)
            client.sendall(request)
            clients.append(client)
        print("connected", len(clients), flush=True)
        answered = 0
        for client in clients:
            client.settimeout(60)
            data = b""
            while b"woken" not in data:
                chunk = client.recv(4096)
                if not chunk:
                    break
                data += chunk
            if data.startswith(b"HTTP/1.1 200") and b"woken" in data:
                answered += 1
            client.close()
        print("answered", answered, flush=True)
        """#

    private let process = Process()
    private let output = Pipe()

    init(port: Int, count: Int) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, String(port), String(count)]
        process.standardOutput = output
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The next line the clients print, or nil once they exit.
    func readLine() -> String? {
        var line: [UInt8] = []
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if first == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(first)
        }
    }
}

/// This process's figures from /proc/self/status.
enum ProcessStatus {
    static func residentBytes() -> Int { field("VmRSS") * 1024 }
    static func threads() -> Int { field("Threads") }

    private static func field(_ name: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let words = line.split { $0 == " " || $0 == "\t" }
            return words.count > 1 ? Int(words[1]) ?? 0 : 0
        }
        return 0
    }
}
