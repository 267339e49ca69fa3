import ListDiff
import ListDiffTestRun
import Testing

@Suite(.ownThreads) struct ItemPathTests {
    @Test func ordersBySectionThenItem() {
        let paths = [ItemPath(section: 1, item: 0), ItemPath(section: 0, item: 5), ItemPath(section: 0, item: 2)]
        #expect(
            paths.sorted() == [
                ItemPath(section: 0, item: 2), ItemPath(section: 0, item: 5), ItemPath(section: 1, item: 0)
            ])
        #expect(ItemPath(section: 2, item: 7).description == "[2, 7]")
    }
}
