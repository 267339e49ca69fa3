import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// Every request carries the address of its connection's peer, captured at accept; a trusted
/// proxy's `X-Forwarded-For` names the client instead, and anyone else's is ignored.
@Suite(.ownThreads) struct PeerAddressTests {
    static func router() -> Router {
        var router = TestServer.router()
        let proxies = TrustedProxies(parsing: "127.0.0.3, 10.0.0.0/8")
        router.get("/peer") { request in
            .text("\(request.peerAddress) \(proxies.map { $0.clientAddress(of: request) } ?? .unknown)")
        }
        router.post("/peer") { request in .text("\(request.peerAddress) \(request.body.count)") }
        return router
    }

    @Test func eachRequestCarriesItsConnectionsPeer() throws {
        try TestServer.with(router: Self.router()) { (server: HTTPServer) throws in
            for source in ["127.0.0.1", "127.0.0.2", "127.0.0.3"] {
                let client = try RawClient(port: server.port, sourceAddress: source)
                // Twice on one connection, and once with a body that comes after its head.
                for _ in 0..<2 {
                    try client.send(get("/peer"))
                    #expect(try client.readResponse().bodyText.hasPrefix(source + " "))
                }
                try client.send("POST /peer HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\n")
                try client.send("abc")
                #expect(try client.readResponse().bodyText == "\(source) 3")
            }
        }
    }

    @Test func aTrustedProxysForwardedAddressNamesTheClient() throws {
        try TestServer.with(router: Self.router()) { (server: HTTPServer) throws in
            func client(from source: String, forwardedFor: [String]) throws -> String {
                let client = try RawClient(port: server.port, sourceAddress: source)
                let fields = forwardedFor.map { "X-Forwarded-For: \($0)\r\n" }.joined()
                try client.send(get("/peer", extraHeaders: fields))
                return String(try client.readResponse().bodyText.split(separator: " ")[1])
            }
            // 127.0.0.2 is no proxy: what it forwards is its own invention.
            #expect(try client(from: "127.0.0.2", forwardedFor: ["203.0.113.9"]) == "127.0.0.2")
            #expect(try client(from: "127.0.0.3", forwardedFor: []) == "127.0.0.3")
            #expect(try client(from: "127.0.0.3", forwardedFor: ["203.0.113.9"]) == "203.0.113.9")
            // The rightmost untrusted address, over trusted hops and across fields.
            #expect(
                try client(from: "127.0.0.3", forwardedFor: ["198.51.100.1, 203.0.113.9, 10.1.2.3"]) == "203.0.113.9")
            #expect(
                try client(from: "127.0.0.3", forwardedFor: ["198.51.100.1", "2001:db8::7", "10.1.2.3"])
                    == "2001:db8::7")
            // Not an address: the walk stops at the hop that passed it on.
            #expect(try client(from: "127.0.0.3", forwardedFor: ["203.0.113.9, garbage, 10.1.2.3"]) == "10.1.2.3")
            #expect(try client(from: "127.0.0.3", forwardedFor: ["10.9.9.9, 10.1.2.3"]) == "10.9.9.9")
        }
    }

    @Test func addressesAndBlocksParse() throws {
        let v4 = try #require(HTTPPeerAddress(parsing: "192.0.2.7"))
        #expect(v4.isIPv4 && v4.description == "192.0.2.7")
        #expect(HTTPPeerAddress(parsing: "::ffff:192.0.2.7") == v4)
        let v6 = try #require(HTTPPeerAddress(parsing: "2001:DB8:0:0::7"))
        #expect(!v6.isIPv4 && v6.description == "2001:db8::7")
        for bad in ["", "192.0.2", "192.0.2.256", "1.2.3.4:80", "[::1]", "example.org", "2001:db8::7::1", " 1.2.3.4"] {
            #expect(HTTPPeerAddress(parsing: bad) == nil, "\(bad)")
        }
        let block = try #require(HTTPAddressRange(parsing: "10.0.0.0/8"))
        #expect(block.contains(try #require(HTTPPeerAddress(parsing: "10.255.0.1"))))
        #expect(!block.contains(try #require(HTTPPeerAddress(parsing: "11.0.0.1"))))
        #expect(!block.contains(try #require(HTTPPeerAddress(parsing: "::a00:1"))), "an IPv4 block holds IPv4 only")
        #expect(HTTPAddressRange(parsing: "10.1.2.3/8")?.description == "10.0.0.0/8")
        #expect(
            HTTPAddressRange(parsing: "fd00::1/8")?.contains(try #require(HTTPPeerAddress(parsing: "fdff::2"))) == true)
        #expect(HTTPAddressRange(parsing: "0.0.0.0/0")?.contains(v4) == true)
        for bad in ["10.0.0.0/33", "10.0.0.0/", "10.0.0.0/-1", "::/129", "/8", "10.0.0.0/8/8"] {
            #expect(HTTPAddressRange(parsing: bad) == nil, "\(bad)")
        }
        #expect(TrustedProxies(parsing: "10.0.0.5, 192.168.0.0/16,fd00::/8")?.ranges.count == 3)
        #expect(TrustedProxies(parsing: "10.0.0.5,nginx") == nil)
        #expect(TrustedProxies(parsing: " , ") == nil)
    }
}
