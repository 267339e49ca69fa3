import Foundation
import ListDiffTestRun
import Testing

@testable import ListDiffClient

/// The event-stream parser by the WHATWG rules, fed whole and split anywhere.
@Suite(.ownThreads) struct ServerSentEventParserTests {
    func parse(_ text: String) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        return parser.feed(Array(text.utf8))
    }

    @Test func readsTheServiceStream() {
        let text = "retry: 1000\n\nevent: snapshot\nid: e.1.a\ndata: {\"v\":1}\n\n:\n\nevent: deleted\ndata: {}\n\n"
        var parser = ServerSentEventParser()
        let events = parser.feed(Array(text.utf8))
        #expect(
            events == [
                ServerSentEvent(type: "snapshot", data: "{\"v\":1}", id: "e.1.a", lastEventID: "e.1.a"),
                ServerSentEvent(type: "deleted", data: "{}", id: nil, lastEventID: "e.1.a")
            ])
        #expect(parser.retryMilliseconds == 1000)
        #expect(parser.comments == 1)
    }

    @Test func joinsDataLinesAndAcceptsEveryLineEnd() {
        #expect(
            parse("data: a\r\ndata:b\rdata\n\n") == [
                ServerSentEvent(type: "message", data: "a\nb\n", id: nil, lastEventID: "")
            ])
        #expect(parse("data:  two spaces\n\n").map(\.data) == [" two spaces"])
    }

    @Test func dropsEventsWithoutDataAndIgnoresUnknownFields() {
        #expect(
            parse("event: x\n\nfoo: bar\nid: 7\n\ndata: d\n\n") == [
                ServerSentEvent(type: "message", data: "d", id: nil, lastEventID: "7")
            ])
    }

    @Test func keepsTheIDUnlessItHoldsANulAndRetryOnlyWhenDigits() {
        var parser = ServerSentEventParser()
        let events = parser.feed(Array("id: a\u{0}b\nretry: 12x\ndata: d\n\n".utf8))
        #expect(events.map(\.lastEventID) == [""])
        #expect(events.map(\.id) == [nil])
        #expect(parser.retryMilliseconds == nil)
    }

    /// An event's own `id` is only what it carried; the last event ID outlives it, and an
    /// empty `id` clears it.
    @Test func anEventsOwnIDIsWhatItCarriedTheLastIDPersists() {
        let events = parse("id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\n")
        #expect(events.map(\.id) == ["1", nil, ""])
        #expect(events.map(\.lastEventID) == ["1", "1", ""])
    }

    /// Comment lines are counted wherever they stand, even between an event's fields, and
    /// change nothing of the event.
    @Test func countsCommentsWithoutTouchingTheEvent() {
        var parser = ServerSentEventParser()
        let events = parser.feed(Array(":\n: keep-alive\ndata: a\n:mid\ndata: b\n\n:\r\n".utf8))
        #expect(events == [ServerSentEvent(type: "message", data: "a\nb", id: nil, lastEventID: "")])
        #expect(parser.comments == 4)
    }

    @Test func skipsALeadingByteOrderMarkAndAnUnfinishedEvent() {
        #expect(parse("\u{FEFF}data: a\n\ndata: unfinished\n").map(\.data) == ["a"])
    }

    /// The same stream cut at random places (a CRLF cut in two, a UTF-8 sequence cut in two)
    /// gives the same events as read whole.
    @Test func chunkBoundariesChangeNothing() {
        let seed =
            TestRun.seed("LISTDIFF_SSE_SEED")
            ?? UInt64.random(in: 0..<1_000_000)
        print("event-stream split seed \(seed) (rerun with LISTDIFF_SSE_SEED=\(seed))")
        var random = SplitMix(seed: seed)
        let text =
            "\u{FEFF}retry: 500\r\n\r\n: comment\revent: changes\r\nid: 1.2.x\r\ndata: {\"é\":\"ü€𝄞\"}\r\ndata:\r\n\r\n"
            + "event: reset\nid: 1.3.y\ndata: z\n\n:\n\ndata: last\r\r"
        let bytes = Array(text.utf8)
        let whole = parse(text)
        #expect(whole.count == 3)
        for _ in 0..<500 {
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int(random.next() % 6))
                events += parser.feed(bytes[start..<end])
                start = end
            }
            #expect(events == whole, "seed \(seed)")
            #expect(parser.retryMilliseconds == 500)
            #expect(parser.comments == 2)
        }
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
