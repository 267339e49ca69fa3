import ListDiffTestRun
import Testing

@testable import ListDiffHTTP

@Suite(.ownThreads) struct HTTPRequestParserRegressionTests {
    /// Found by the fuzzer: an over-long request line ending in a bare LF gave 400 when whole
    /// but 414 when split; the length verdict now comes first either way.
    @Test func overlongLineWithBareLFIsTheSameVerdictWholeOrSplit() {
        let limits = HTTPLimits(maxRequestLineBytes: 64)
        let text = "GET /" + String(repeating: "h", count: 100) + " HTTP/1.1\n\r\n"
        #expect(ParserHarness.parse(text, limits: limits).failure?.status == 414)
        #expect(ParserHarness.parse(text, limits: limits, pieceSize: 5).failure?.status == 414)
    }
}
