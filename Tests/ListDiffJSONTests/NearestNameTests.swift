import ListDiffJSON
import ListDiffTestRun
import Testing

/// "Did you mean": a typo finds the name it was meant to be; another word finds nothing.
@Suite(.ownThreads) struct NearestNameTests {
    @Test(
        arguments: [
            ("wiat", ["since", "wait", "format", "updates", "include"], "wait"),
            ("deleteItem", ["deleteItems", "deleteAllItems", "deleteSections"], "deleteItems"),
            ("--prot", ["--host", "--port", "--log-level"], "--port"),
            ("nwe", ["old", "new"], "new"),
            ("FORMAT", ["format", "updates"], "format"),
            ("formt", ["format", "updates"], "format"),
            ("reconfigureItem", ["reloadItems", "reconfigureItems"], "reconfigureItems")
        ] as [(String, [String], String)])
    func aTypoFindsItsName(typed: String, known: [String], meant: String) {
        #expect(NearestName.suggestion(for: typed, among: known) == meant)
    }

    @Test(
        arguments: [
            ("verbose", ["since", "wait", "format"]),
            ("x", ["old", "new"]),
            ("", ["old"]),
            ("--prot", [String]()),
            ("colour", ["id", "content", "kind"])
        ] as [(String, [String])])
    func anotherWordFindsNothing(typed: String, known: [String]) {
        #expect(NearestName.suggestion(for: typed, among: known) == nil)
    }

    @Test func theClosestWinsAndTiesGoToTheFirst() {
        #expect(NearestName.suggestion(for: "wait", among: ["waits", "wait"]) == "wait")
        #expect(NearestName.suggestion(for: "abcd", among: ["abce", "abcf"]) == "abce")
    }
}
