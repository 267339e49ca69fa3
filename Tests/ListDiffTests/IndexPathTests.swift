import Testing
import ListDiff

@Suite struct IndexPathTests {
    @Test func ordersBySectionThenItem() {
        let paths = [IndexPath(section: 1, item: 0), IndexPath(section: 0, item: 5), IndexPath(section: 0, item: 2)]
        #expect(paths.sorted() == [IndexPath(section: 0, item: 2), IndexPath(section: 0, item: 5), IndexPath(section: 1, item: 0)])
        #expect(IndexPath(section: 2, item: 7).description == "[2, 7]")
    }
}
