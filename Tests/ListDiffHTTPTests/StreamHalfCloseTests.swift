import Foundation
import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// A stream's client that shuts down its sending side once its request is sent, to only read
/// (`shutdown(SHUT_WR)`, `nc -N`), over real sockets: its stream goes on to its end, whether
/// the handler ran inline or on a worker; a client that closes is still noticed at once.
@Suite(.ownThreads) struct StreamHalfCloseTests {
    static let later = Array("later\n".utf8)

    /// The next chunk that is not a heartbeat (`:\n`); nil at the terminating chunk.
    static func nextPiece(_ client: RawClient) throws -> [UInt8]? {
        while let chunk = try client.readChunk() {
            if chunk != Array(":\n".utf8) { return chunk }
        }
        return nil
    }

    @Test(arguments: ["/stream?heartbeat=30", "/stream-heavy?heartbeat=30"])
    func aClientThatHalfClosesAfterItsRequestGetsTheWholeStream(path: String) throws {
        let registry = StreamRegistry()
        try TestServer.with(StreamedResponseTests.configuration(), router: registry.router()) { server in
            let client = try RawClient(port: server.port)
            try client.send(get(path))
            client.shutdownWriting()
            #expect(try client.readHead().status == 200)
            #expect(try Self.nextPiece(client) == StreamRegistry.early)
            let stream = try registry.stream()
            // Sent once the server has read the client's end of input.
            Thread.sleep(forTimeInterval: 0.2)
            #expect(stream.send(Self.later))
            #expect(try Self.nextPiece(client) == Self.later)
            stream.finish()
            #expect(try Self.nextPiece(client) == nil, "the terminating chunk")
            #expect(client.readsEOF())
            #expect(registry.ends.isEmpty, "finished by its application, not ended")
        }
    }

    /// A client that closes ends its input as one that half-closes does; the heartbeat the
    /// server writes at once draws its reset, long before the next is due (30 s).
    @Test(arguments: ["/stream?heartbeat=30", "/stream-heavy?heartbeat=30"])
    func aClientThatClosesIsNoticedAtOnce(path: String) throws {
        let registry = StreamRegistry()
        try TestServer.with(StreamedResponseTests.configuration(), router: registry.router()) { server in
            var client: RawClient? = try RawClient(port: server.port)
            try client?.send(get(path))
            _ = try client?.readHead()
            #expect(try client.map(Self.nextPiece) == StreamRegistry.early)
            let closedAt = Date()
            client = nil
            #expect(registry.waitForEnds(1) == [.clientGone])
            #expect(Date().timeIntervalSince(closedAt) < 5)
            #expect(statistics(of: server) { $0.openStreams == 0 }.openStreams == 0)
        }
    }

    /// Without heartbeats the server has nothing it may write to find out whether the client
    /// is still there: the client's end of input ends the stream, as its client gone.
    @Test func aStreamWithoutHeartbeatsEndsWithItsClientsInput() throws {
        let registry = StreamRegistry()
        try TestServer.with(StreamedResponseTests.configuration(), router: registry.router()) { server in
            let client = try RawClient(port: server.port)
            try client.send(get("/stream"))
            client.shutdownWriting()
            #expect(try client.readHead().status == 200)
            #expect(try client.readChunk() == StreamRegistry.early)
            #expect(registry.waitForEnds(1) == [.clientGone])
            #expect(client.readsEOF())
        }
    }
}
