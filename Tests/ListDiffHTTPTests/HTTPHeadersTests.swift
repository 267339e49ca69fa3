import ListDiffTestRun
import Testing

@testable import ListDiffHTTP

/// `HTTPHeaders` keeps its fields as bytes in one buffer that copies share until one of them
/// changes: every reading must give back exactly the fields appended, in order, and a change
/// must reach only the value it is made on.
@Suite(.ownThreads) struct HTTPHeadersTests {
    @Test func fieldsComeBackInOrderWithTheirSpellingAndLookupsIgnoreCase() {
        var headers = HTTPHeaders()
        #expect(headers.isEmpty && headers.fields.isEmpty && headers["Host"] == nil)
        headers.append(name: "Host", value: "example.org")
        headers.append(name: "Accept", value: "a")
        headers.append(name: "accept", value: "b")
        headers.append(name: "X-Empty", value: "")
        headers.append(name: "X-Long", value: String(repeating: "v", count: 1_000))
        #expect(headers.count == 5)
        #expect(headers.fields.map(\.name) == ["Host", "Accept", "accept", "X-Empty", "X-Long"])
        #expect(headers.map(\.value) == ["example.org", "a", "b", "", String(repeating: "v", count: 1_000)])
        #expect(headers["HOST"] == "example.org" && headers["ACCEPT"] == "a" && headers["x-empty"] == "")
        #expect(headers.values(for: "Accept") == ["a", "b"])
        #expect(headers["Hos"] == nil && headers["Hosts"] == nil)
    }

    @Test func copiesChangeApart() {
        let original: HTTPHeaders = ["Content-Type": "application/json", "Connection": "keep-alive, Upgrade"]
        var copy = original
        copy.append(name: "ETag", value: "\"1\"")
        copy.replaceOrAdd(name: "content-type", value: "text/plain")
        #expect(original.fields.map(\.name) == ["Content-Type", "Connection"])
        #expect(original["Content-Type"] == "application/json" && original["ETag"] == nil)
        #expect(copy.fields.map(\.name) == ["Connection", "ETag", "content-type"])
        #expect(copy["Content-Type"] == "text/plain")

        var doubled = original
        doubled.append(contentsOf: doubled)
        #expect(doubled.count == 4 && original.count == 2)
        #expect(doubled.values(for: "Connection") == ["keep-alive, Upgrade", "keep-alive, Upgrade"])
        doubled.remove(name: "CONNECTION")
        #expect(doubled.fields.map(\.name) == ["Content-Type", "Content-Type"] && original.count == 2)
    }

    @Test func equalityIsFieldByFieldInOrder() {
        let one: HTTPHeaders = ["A": "1", "B": "2"]
        #expect(one == HTTPHeaders([("A", "1"), ("B", "2")]))
        #expect(one != HTTPHeaders([("B", "2"), ("A", "1")]))
        #expect(one != HTTPHeaders([("A", "12")]))
        #expect(one != HTTPHeaders([("A", "1"), ("B", "2"), ("B", "2")]))
        var emptied = one
        emptied.remove(name: "A")
        emptied.remove(name: "B")
        #expect(emptied == HTTPHeaders() && emptied.isEmpty)
    }

    @Test func tokensAreFoundInCommaSeparatedValues() {
        let headers: HTTPHeaders = ["Connection": " Keep-Alive ,Upgrade", "X": "close"]
        #expect(headers.containsToken("keep-alive", in: "connection"))
        #expect(headers.containsToken("upgrade", in: "Connection"))
        #expect(!headers.containsToken("close", in: "Connection"))
        #expect(!headers.containsToken("keep", in: "Connection"))
    }

    @Test func manyFieldsGrowTheBufferAndKeepEveryOne() {
        var headers = HTTPHeaders()
        for index in 0..<200 { headers.append(name: "X-\(index)", value: String(repeating: "a", count: index)) }
        #expect(headers.count == 200)
        #expect(headers.fields.enumerated().allSatisfy { $0.element.name == "X-\($0.offset)" })
        #expect(headers["x-199"] == String(repeating: "a", count: 199))
    }
}
