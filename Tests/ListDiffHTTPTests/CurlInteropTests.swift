import Foundation
import ListDiffTestRun
import Testing

@testable import ListDiffHTTP

/// Runs the real `curl` (skipped where it is not installed): curl sends
/// `Expect: 100-continue` for large bodies and waits a full second unless the server answers.
@Suite(.ownThreads) struct CurlInteropTests {
    static let curlPath: String? = ["/usr/bin/curl", "/usr/local/bin/curl", "/bin/curl"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: curlPath != nil, "curl is not installed"))
    func curlPostsA200KilobyteBodyWithoutTheOneSecondWait() throws {
        let body = [UInt8](repeating: UInt8(ascii: "q"), count: 200 * 1024)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("listdiff-curl-\(UUID().uuidString)")
        try Data(body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try TestServer.with { server in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.curlPath ?? "curl")
            process.arguments = [
                "-s", "-o", "/dev/null", "-w", "%{http_code} %{size_download} %{time_total}",
                "-H", "Expect: 100-continue", "--data-binary", "@\(file.path)",
                "http://127.0.0.1:\(server.port)/echo"
            ]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            process.waitUntilExit()
            let fields = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(
                separator: " ")
            #expect(fields.count == 3)
            #expect(fields.first == "200")
            #expect(fields.dropFirst().first == "\(body.count)")
            #expect((fields.last.flatMap { Double($0) } ?? 9) < 0.9)
        }
    }

    @Test(.enabled(if: curlPath != nil, "curl is not installed"))
    func curlReadsAStreamAsItComes() throws {
        let registry = StreamRegistry()
        try TestServer.with(StreamedResponseTests.configuration(), router: registry.router()) { server in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.curlPath ?? "curl")
            process.arguments = ["-sN", "--max-time", "5", "http://127.0.0.1:\(server.port)/stream"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let stream = try registry.stream()
            // The first piece reaches curl while the stream is still open.
            #expect(output.fileHandleForReading.availableData == Data(StreamRegistry.early))
            stream.send(Array("second\n".utf8))
            stream.finish()
            process.waitUntilExit()
            #expect(output.fileHandleForReading.readDataToEndOfFile() == Data("second\n".utf8))
            #expect(process.terminationStatus == 0)
        }
    }
}
