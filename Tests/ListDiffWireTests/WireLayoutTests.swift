import ListDiff
import ListDiffTestRun
import ListDiffWire
import Testing

@Suite(.ownThreads) struct WireLayoutTests {
    /// Items are what a decode writes and a diff reads most: an identifier (two inline words,
    /// its hash and a reference for long text) and a one-word optional content.
    @Test func itemsStayFiveWords() {
        #expect(MemoryLayout<WireID>.size == 32)
        #expect(MemoryLayout<WireContent?>.size == 8)
        #expect(MemoryLayout<WireSnapshot.Item>.stride == 40)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
