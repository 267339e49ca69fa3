import ListDiffScenarios

/// The request bodies of the wire scenarios, built as a client would send them.
enum WireBodies {
    /// wire-a-str: scenario a-str as a flat diff request, `{"old": [ids], "new": [ids]}`.
    static func aString() -> [UInt8] {
        flatRequest(old: 0..<10_000, new: 5_000..<15_000) { "\"\(StandardScenarios.shortID($0))\"" }
    }

    /// wire-a-str-content: the same with `{"id", "content"}` items.
    static func aStringContent() -> [UInt8] {
        flatRequest(old: 0..<10_000, new: 5_000..<15_000) {
            #"{"id":"\#(StandardScenarios.shortID($0))","content":{"title":"Item \#($0)","rank":\#($0 % 100)}}"#
        }
    }

    /// wire-50k: 50,000 items per side in 50 sections of 1,000; new is old shifted by half.
    static func fiftyK() -> [UInt8] {
        func snapshot(_ range: Range<Int>) -> String {
            let sections = stride(from: range.lowerBound, to: range.upperBound, by: 1_000).map { start in
                let items = (start..<start + 1_000).map { "\"\(StandardScenarios.shortID($0))\"" }.joined(
                    separator: ",")
                return #"{"id":"s\#(start / 1_000)","items":[\#(items)]}"#
            }
            return #"{"sections":[\#(sections.joined(separator: ","))]}"#
        }
        return Array(#"{"old":\#(snapshot(0..<50_000)),"new":\#(snapshot(25_000..<75_000))}"#.utf8)
    }

    /// wire-uuid: scenario a-str's shape with lowercase UUID identifiers (36 bytes, so every
    /// one takes the long-identifier path), as many clients' database keys are.
    static func uuid() -> [UInt8] {
        flatRequest(old: 0..<10_000, new: 5_000..<15_000) { "\"\(uuidText($0))\"" }
    }

    /// A deterministic version-4-shaped UUID for `index`.
    static func uuidText(_ index: Int) -> String {
        var random = SplitMix64(seed: UInt64(index))
        let (a, b) = (random.next(), random.next())
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text.suffix(digits)
        }
        return
            "\(hex(a >> 32, 8))-\(hex((a >> 16) & 0xFFFF, 4))-4\(hex(a & 0xFFF, 3))-8\(hex(b >> 52, 3))-\(hex(b & 0xFFFF_FFFF_FFFF, 12))"
    }

    static func flatRequest(old: Range<Int>, new: Range<Int>, _ item: (Int) -> String) -> [UInt8] {
        Array(
            #"{"old":[\#(old.map(item).joined(separator: ","))],"new":[\#(new.map(item).joined(separator: ","))]}"#.utf8
        )
    }
}
