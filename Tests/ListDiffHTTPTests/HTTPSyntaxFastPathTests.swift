import ListDiffTestRun
import Testing

@testable import ListDiffHTTP

/// The parser's fast paths give the verdicts of the general ones: token bytes as bit masks,
/// a plain `Content-Length` read in one pass, keep-alive decided without a `Connection` field.
@Suite(.ownThreads) struct HTTPSyntaxFastPathTests {
    @Test func tokenBytesAreExactlyTheTcharsOfRFC9110() {
        var tchars = Set("!#$%&'*+-.^_`|~".utf8)
        tchars.formUnion(UInt8(ascii: "0")...UInt8(ascii: "9"))
        tchars.formUnion(UInt8(ascii: "a")...UInt8(ascii: "z"))
        tchars.formUnion(UInt8(ascii: "A")...UInt8(ascii: "Z"))
        for byte in UInt8.min...UInt8.max {
            #expect(HTTPBytes.isToken(byte) == tchars.contains(byte), "byte \(byte)")
        }
    }

    @Test func plainContentLengthsAreReadAsTheGeneralPathReadsThem() {
        let limits = HTTPLimits(maxBodyBytes: 10)
        func verdict(_ value: String, body: String = "") -> (bodies: [[UInt8]], status: Int?) {
            let parsed = ParserHarness.parse(
                "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(value)\r\n\r\n\(body)", limits: limits)
            return (parsed.requests.map(\.body), parsed.failure?.status)
        }
        #expect(verdict("003", body: "abc").bodies == [Array("abc".utf8)])
        #expect(verdict("0").bodies == [[]])
        #expect(verdict("10", body: "0123456789").bodies == [Array("0123456789".utf8)])
        #expect(verdict("11").status == 413)
        #expect(verdict("999999999999999999").status == 413)
        #expect(verdict("9999999999999999999").status == 413)
        #expect(verdict("3a").status == 400)
        #expect(verdict("+3").status == 400)
    }

    @Test func keepAliveFollowsTheConnectionFieldOnlyWhenThereIsOne() {
        func keepAlive(_ head: String) -> Bool? {
            ParserHarness.parse(head + "\r\n").requests.first?.keepAlive
        }
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: h\r\n") == true)
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, close\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: h\r\nconnection: keep-alive\r\n") == true)
        #expect(keepAlive("GET / HTTP/1.0\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.0\r\nCONNECTION: Keep-Alive\r\n") == true)
    }

    @Test func headerValuesKeepTheirBytesWhetherSharedOrNot() {
        for value in [
            "application/json", "application/jsoN", "APPLICATION/JSON", "application/jso", "application/json5"
        ] {
            let head = "POST / HTTP/1.1\r\nHost: h\r\nContent-Type: \t\(value) \r\n\r\n"
            #expect(ParserHarness.parse(head).requests.first?.headers["Content-Type"] == value)
        }
    }
}
