import ListDiffTestRun
import Testing

@testable import ListDiffHTTP

/// Feeds bytes to a parser in the given piece sizes, as the connection would.
struct ParserHarness {
    var parser: HTTPRequestParser
    var pending: [UInt8] = []
    var requests: [HTTPRequest] = []
    var continues = 0
    var failure: HTTPParseError?

    init(limits: HTTPLimits = HTTPLimits()) {
        parser = HTTPRequestParser(limits: limits)
    }

    mutating func feed(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        pending.append(contentsOf: bytes)
        while failure == nil {
            let step = pending.withUnsafeBytes { parser.parse($0) }
            precondition(step.consumed >= 0 && step.consumed <= pending.count)
            pending.removeFirst(step.consumed)
            switch step.event {
            case .needMoreData: return
            case .bodyFollows(_, _, let expectsContinue): if expectsContinue { continues += 1 }
            case .request(let request): requests.append(request)
            case .failure(let error): failure = error
            }
        }
    }

    static func parse(_ text: String, limits: HTTPLimits = HTTPLimits(), pieceSize: Int = Int.max) -> ParserHarness {
        var harness = ParserHarness(limits: limits)
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + pieceSize)
            harness.feed(Array(bytes[start..<end]))
            start = end
        }
        return harness
    }
}

@Suite(.ownThreads) struct HTTPRequestParserTests {
    @Test func parsesRequestLineHeadersAndDecodedTarget() throws {
        let harness = ParserHarness.parse(
            "GET /a%20b/c?x=1&y=h%C3%A9+llo&flag HTTP/1.1\r\nHost: h\r\naccept: a\r\nACCEPT: b\r\n\r\n")
        let request = try #require(harness.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/a b/c")
        #expect(request.target == "/a%20b/c?x=1&y=h%C3%A9+llo&flag")
        #expect(
            request.query == [
                .init(name: "x", value: "1"), .init(name: "y", value: "hé llo"), .init(name: "flag", value: "")
            ])
        #expect(request.headers.values(for: "Accept") == ["a", "b"])
        #expect(request.headers["HOST"] == "h")
        #expect(request.keepAlive)
    }

    @Test func byteAtATimeGivesTheSameRequest() throws {
        let text = "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello"
        let whole = ParserHarness.parse(text)
        let trickled = ParserHarness.parse(text, pieceSize: 1)
        #expect(whole.requests.count == 1)
        #expect(trickled.requests.first?.body == Array("hello".utf8))
        #expect(trickled.requests.first?.path == whole.requests.first?.path)
    }

    @Test func chunkedBodyWithExtensionsAndTrailers() throws {
        let text =
            "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Checksum: 42\r\n\r\n"
        for pieceSize in [1, 3, 7, 1000] {
            let harness = ParserHarness.parse(text, pieceSize: pieceSize)
            let request = try #require(harness.requests.first)
            #expect(request.body == Array("hello world".utf8))
            #expect(request.trailers["x-checksum"] == "42")
        }
    }

    @Test func pipelinedRequestsComeOutInOrder() {
        let harness = ParserHarness.parse(
            String(repeating: "GET /1 HTTP/1.1\r\nHost: h\r\n\r\n", count: 3) + "GET /2 HTTP/1.0\r\n\r\n")
        #expect(harness.requests.map(\.path) == ["/1", "/1", "/1", "/2"])
        #expect(harness.requests.last?.keepAlive == false)
    }

    @Test func keepAliveRules() {
        #expect(
            ParserHarness.parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").requests.first?.keepAlive == true)
        #expect(
            ParserHarness.parse("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n").requests.first?.keepAlive
                == false)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400),
        ("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 3, 4\r\n\r\nabcd", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3,\r\n\r\nabc", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: ,3\r\n\r\nabc", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3,,3\r\n\r\nabc", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET / HTTP/1.1\nHost: h\n\n", 400),
        ("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", 400),
        ("GET /%zz HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("GET /%00 HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("GET nopath HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505),
        ("GET / HTTP/1.1\r\nHost: h\r\nExpect: magic\r\n\r\n", 417),
        ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: ,chunked\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked,\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3  \r\nabc\r\n0\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\t\r\nabc\r\n0\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413),
        ("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}\r\n", 400)
    ])
    func rejectsMalformedRequests(text: String, status: Int) {
        #expect(ParserHarness.parse(text).failure?.status == status)
    }

    /// RFC 9110 §8.6: a list of equal Content-Length values is that length.
    @Test func repeatedEqualContentLengthsAgree() {
        let text = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3 , 3\r\nContent-Length: 3\r\n\r\nabc"
        #expect(ParserHarness.parse(text).requests.first?.body == Array("abc".utf8))
    }

    @Test func chunkExtensionMayFollowWhitespace() {
        let text = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3 ;ext\r\nabc\r\n0\r\n\r\n"
        #expect(ParserHarness.parse(text).requests.first?.body == Array("abc".utf8))
    }

    @Test func enforcesLimitsWhileBytesArrive() {
        let limits = HTTPLimits(maxRequestLineBytes: 64, maxHeaderBytes: 256, maxHeaderCount: 5, maxBodyBytes: 10)
        let longLine = "GET /" + String(repeating: "a", count: 100)
        #expect(ParserHarness.parse(longLine, limits: limits, pieceSize: 1).failure?.status == 414)
        let bigHeader = "GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "b", count: 300)
        #expect(ParserHarness.parse(bigHeader, limits: limits, pieceSize: 10).failure?.status == 431)
        let manyHeaders = "GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: "A: 1\r\n", count: 6) + "\r\n"
        #expect(ParserHarness.parse(manyHeaders, limits: limits).failure?.status == 431)
        #expect(
            ParserHarness.parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n", limits: limits).failure?
                .status == 413)
        let bigChunks = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\n"
        #expect(ParserHarness.parse(bigChunks, limits: limits).failure?.status == 413)
    }

    @Test func announcesContinueOnlyBeforeTheBody() {
        let head = "POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n"
        var harness = ParserHarness.parse(head)
        #expect(harness.continues == 1)
        harness.feed(Array("abc".utf8))
        #expect(harness.requests.first?.body == Array("abc".utf8))
        #expect(ParserHarness.parse(head + "abc").continues == 0)
    }

    @Test func absoluteFormAndAsteriskTargets() {
        #expect(
            ParserHarness.parse("GET http://example.com/p?q=1 HTTP/1.1\r\nHost: h\r\n\r\n").requests.first?.path == "/p"
        )
        #expect(ParserHarness.parse("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n").requests.first?.path == "*")
    }
    /// The fields that frame the body are known by their names' bytes in any case, and only
    /// by those: a name of the same length spelled otherwise is an ordinary field, and a
    /// trailer never frames.
    @Test func framingFieldsAreKnownByTheirNamesInAnyCaseAndOnlyByThem() throws {
        let mixedCase = ParserHarness.parse(
            "POST /x HTTP/1.1\r\nhOsT: h\r\ncontent-LENGTH: 5\r\nCONNECTION: close\r\n\r\nhello")
        let request = try #require(mixedCase.requests.first)
        #expect(request.body == Array("hello".utf8))
        #expect(!request.keepAlive)

        // Each near-miss has a framing name's length: none of them frames.
        let nearMisses = ParserHarness.parse(
            "POST /x HTTP/1.1\r\nHost: h\r\nHose: 1\r\nExpekt: 100-continue\r\nConnectiom: close\r\n"
                + "Content-Lengtx: 5\r\nTransfer-Encodinx: chunked\r\n\r\n")
        let plain = try #require(nearMisses.requests.first)
        #expect(plain.body.isEmpty && plain.keepAlive && nearMisses.continues == 0)
        #expect(plain.headers["Content-Lengtx"] == "5")

        let withoutHost = ParserHarness.parse("GET / HTTP/1.1\r\nHosts: h\r\n\r\n")
        #expect(withoutHost.failure?.detail.contains("needs a Host header") == true)
        let twoHosts = ParserHarness.parse("GET / HTTP/1.1\r\nHost: a\r\nHOST: b\r\n\r\n")
        #expect(twoHosts.failure?.detail.contains("more than one Host header") == true)

        // A Content-Length among the trailers frames nothing; the next request parses.
        let trailer = ParserHarness.parse(
            "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n"
                + "Content-Length: 9\r\n\r\nGET /next HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(trailer.requests.map(\.path) == ["/x", "/next"])
        #expect(trailer.requests.first?.body == Array("hi".utf8))
    }
}
