import Foundation
import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux)
/// The kernel's checks for a vanished peer (``TCPKeepalive``) are on the server's side of a
/// stream's and a long poll's connection, and not on one that only asked and was answered:
/// read with `getsockopt` from the server's own socket, found among this process's sockets.
@Suite(.ownThreads) struct PeerKeepaliveTests {
    /// The socket options the server sets, as the kernel holds them.
    struct Options: Equatable {
        var keepalive: Int32
        var idle: Int32
        var interval: Int32
        var count: Int32
        var userTimeoutMilliseconds: Int32

        /// What ``TCPKeepalive``'s defaults set.
        static let watched = Options(keepalive: 1, idle: 60, interval: 10, count: 6, userTimeoutMilliseconds: 120_000)

        init(keepalive: Int32, idle: Int32, interval: Int32, count: Int32, userTimeoutMilliseconds: Int32) {
            self.keepalive = keepalive
            self.idle = idle
            self.interval = interval
            self.count = count
            self.userTimeoutMilliseconds = userTimeoutMilliseconds
        }

        init(of fd: Int32) {
            let tcp = Int32(IPPROTO_TCP)
            keepalive = PeerKeepaliveTests.option(fd, SOL_SOCKET, SO_KEEPALIVE)
            idle = PeerKeepaliveTests.option(fd, tcp, TCP_KEEPIDLE)
            interval = PeerKeepaliveTests.option(fd, tcp, TCP_KEEPINTVL)
            count = PeerKeepaliveTests.option(fd, tcp, TCP_KEEPCNT)
            userTimeoutMilliseconds = PeerKeepaliveTests.option(fd, tcp, TCP_USER_TIMEOUT)
        }
    }

    static func option(_ fd: Int32, _ level: Int32, _ name: Int32) -> Int32 {
        var value: Int32 = -1
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, level, name, &value, &length) == 0 else { return -1 }
        return value
    }

    /// The IPv4 port of `fd`'s own end, or of its peer's; nil for anything else.
    static func port(of fd: Int32, peer: Bool) -> Int? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                peer ? getpeername(fd, $0, &length) : getsockname(fd, $0, &length)
            }
        }
        guard result == 0, address.sin_family == sa_family_t(AF_INET) else { return nil }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The server's side of `client`'s connection: the socket of this process whose own port
    /// is the server's and whose peer's port is the client's, once the server has accepted it
    /// (within 5 s).
    static func serverSide(of client: RawClient, server: HTTPServer) throws -> Int32 {
        let clientPort = try #require(port(of: client.fd, peer: false))
        let deadline = Date(timeIntervalSinceNow: 5)
        repeat {
            for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
                guard let fd = Int32(entry), fd != client.fd, port(of: fd, peer: false) == server.port,
                    port(of: fd, peer: true) == clientPort
                else { continue }
                return fd
            }
            usleep(2000)
        } while Date() < deadline
        throw RawClient.ClientError.malformed("no socket of the server's is connected to port \(clientPort)")
    }

    /// The options of `fd` once its keepalive is on, or as they are after 5 s: the loop sets
    /// them when the wait starts, which the client cannot see.
    static func options(ofWatched fd: Int32) -> Options {
        let deadline = Date(timeIntervalSinceNow: 5)
        while option(fd, SOL_SOCKET, SO_KEEPALIVE) != 1, Date() < deadline { usleep(2000) }
        return Options(of: fd)
    }

    @Test func aStreamsConnectionIsWatched() throws {
        let registry = StreamRegistry()
        try TestServer.with(router: registry.router()) { server in
            let client = try RawClient(port: server.port)
            try client.send(get("/stream"))
            #expect(try client.readHead().status == 200)
            #expect(Options(of: try Self.serverSide(of: client, server: server)) == .watched)
        }
    }

    @Test(arguments: ["/later?ms=3000", "/stream-heavy"])
    func aLongPollsOrAWorkersStreamsConnectionIsWatched(path: String) throws {
        try TestServer.with(router: StreamRegistry().router()) { server in
            let client = try RawClient(port: server.port)
            try client.send(get(path))
            #expect(Self.options(ofWatched: try Self.serverSide(of: client, server: server)) == .watched)
        }
    }

    @Test func aConnectionThatOnlyAskedIsNot() throws {
        try TestServer.with { server in
            let client = try RawClient(port: server.port)
            #expect(try client.request("GET", "/healthz").status == 200)
            #expect(try client.request("GET", "/slow?ms=1").status == 200)
            let options = Options(of: try Self.serverSide(of: client, server: server))
            #expect(options.keepalive == 0)
            #expect(options.userTimeoutMilliseconds == 0)
        }
    }
}
#endif
