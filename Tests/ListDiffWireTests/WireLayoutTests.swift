import ListDiff
import ListDiffWire
import Testing

@Suite struct WireLayoutTests {
    /// Items are what a decode writes and a diff reads most: an identifier (four words of
    /// inline text, or a long one's place and hash, and a reference for long text) and a
    /// one-word optional content.
    @Test func itemsStaySixWords() {
        #expect(MemoryLayout<WireID>.size == 40)
        #expect(MemoryLayout<WireContent?>.size == 8)
        #expect(MemoryLayout<WireSnapshot.Item>.stride == 48)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
