import ListDiffTestRun
import Testing

@testable import ListDiffHTTP

@Suite(.ownThreads) struct ResponseSerializerTests {
    static func head(_ response: HTTPResponse, isHead: Bool = false, keepAlive: Bool = true, http10: Bool = false) -> (
        String, Bool
    ) {
        var output: [UInt8] = []
        let sendsBody = ResponseSerializer.appendHead(
            of: response, to: &output, requestIsHead: isHead, keepAlive: keepAlive,
            clientIsHTTP10: http10, dateLine: Array("Date: X\r\n".utf8)
        )
        return (String(decoding: output, as: UTF8.self), sendsBody)
    }

    /// The line the transport writes into every head (a handler's own is dropped).
    static let nosniff = "X-Content-Type-Options: nosniff\r\n"

    @Test func framesTheResponseAndDropsTransportHeaders() {
        var response = HTTPResponse.text("hello")
        response.headers.append(name: "content-length", value: "999")
        response.headers.append(name: "Connection", value: "upgrade")
        response.headers.append(name: "x-content-type-options", value: "none")
        let (text, sendsBody) = Self.head(response)
        #expect(
            text
                == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\n\(Self.nosniff)Date: X\r\nContent-Length: 5\r\n\r\n"
        )
        #expect(sendsBody)
    }

    @Test func headNoContentCloseAndHTTP10KeepAlive() {
        #expect(
            Self.head(.text("hello"), isHead: true) == (
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\n\(Self.nosniff)Date: X\r\nContent-Length: 5\r\n\r\n",
                false
            ))
        #expect(
            Self.head(HTTPResponse(status: 204)) == ("HTTP/1.1 204 No Content\r\n\(Self.nosniff)Date: X\r\n\r\n", false)
        )
        #expect(
            Self.head(HTTPResponse(status: 200), keepAlive: false).0.hasSuffix(
                "Content-Length: 0\r\nConnection: close\r\n\r\n"))
        #expect(Self.head(HTTPResponse(status: 200), http10: true).0.hasSuffix("Connection: keep-alive\r\n\r\n"))
    }

    @Test func problemJSONEscapesItsStrings() {
        let problem = HTTPProblem(status: 400, detail: "header line 2 ('X\"y'): a\u{1}b\n")
        #expect(
            String(decoding: problem.jsonBytes, as: UTF8.self)
                == #"{"type":"about:blank","title":"Bad Request","status":400,"detail":"header line 2 ('X\"y'): a\u0001b\n"}"#
        )
    }

    @Test func decimalDigits() {
        for value in [0, 7, 10, 1_234_567_890, Int.max] {
            var output: [UInt8] = []
            ResponseSerializer.appendDecimal(value, to: &output)
            #expect(String(decoding: output, as: UTF8.self) == String(value))
        }
    }
}
