import ListDiffJSON
import ListDiffScenarios
import ListDiffTestRun
import Testing

@Suite(.ownThreads) struct FingerprintTests {
    func fingerprint(_ json: String) throws -> ContentFingerprint {
        try JSONReader.read(Array(json.utf8)) { (reader) throws(JSONReadError) in
            let captured = try reader.captureValue()
            try reader.finish()
            return captured.fingerprint
        }
    }

    func expectEqual(_ lhs: String, _ rhs: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try fingerprint(lhs) == fingerprint(rhs), "\(lhs) vs \(rhs)", sourceLocation: sourceLocation)
    }

    func expectDifferent(_ lhs: String, _ rhs: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try fingerprint(lhs) != fingerprint(rhs), "\(lhs) vs \(rhs)", sourceLocation: sourceLocation)
    }

    @Test func whitespaceAndMemberOrderDoNotMatter() throws {
        try expectEqual(#"{"a":1,"b":[1,2]}"#, #"{ "b" : [1,2], "a":1 }"#)
        try expectEqual(#"{"x":{"p":true,"q":null},"y":"z"}"#, "{\"y\":\"z\",\n\t\"x\":{\"q\":null, \"p\":true}}")
        try expectEqual("[]", " [ ] ")
        try expectEqual("{}", "{ }")
    }

    @Test func arraysAreOrderSensitive() throws {
        try expectDifferent("[1,2]", "[2,1]")
        try expectDifferent("[[1],[2]]", "[[2],[1]]")
        try expectDifferent("[1,[2]]", "[[1],2]")
        try expectDifferent("[]", "[[]]")
    }

    @Test func escapingDoesNotMatter() throws {
        try expectEqual(#""A""#, #""\u0041""#)
        try expectEqual(#""é/""#, #""\u00e9\/""#)
        try expectEqual(#""😀""#, #""\ud83d\ude00""#)
        try expectEqual(#"{"key":1}"#, #"{"k\u0065y":1}"#)
    }

    @Test func numbersCompareByExactDecimalValue() throws {
        try expectEqual("1", "1.0")
        try expectEqual("1", "1e0")
        try expectEqual("1", "10e-1")
        try expectEqual("1", "0.1E+1")
        try expectEqual("100", "1e2")
        try expectEqual("0", "-0")
        try expectEqual("0", "0.000e7")
        try expectEqual("-1.5", "-15e-1")
        try expectEqual("123456789012345678901234567890", "1.23456789012345678901234567890e29")
        try expectDifferent("1", "-1")
        try expectDifferent("1", "10")
        try expectDifferent("0.1", "0.10000000000000000001")
        try expectDifferent("12", "21")
        try expectDifferent("1e2", "1e-2")
    }

    @Test func kindsAreDistinct() throws {
        let values = [
            "null", "true", "false", "0", "\"\"", "\"0\"", "[]", "{}", "[null]", "{\"\":null}", "\"null\"", "[0]",
            "[\"0\"]"
        ]
        let prints = try values.map(fingerprint)
        #expect(Set(prints).count == values.count)
    }

    @Test func structureIsNotConfused() throws {
        try expectDifferent(#"{"a":"b"}"#, #"{"b":"a"}"#)
        try expectDifferent(#"{"a":1,"b":2}"#, #"{"a":2,"b":1}"#)
        try expectDifferent(#"{"a":{"b":1}}"#, #"{"a":{"b":1},"c":{}}"#)
        try expectDifferent(#"["ab"]"#, #"["a","b"]"#)
        try expectDifferent(#"{"a":1,"a":1}"#, #"{"a":1}"#)
        try expectDifferent(#"{"a":1,"b":1}"#, #"{"a":1,"c":1}"#)
    }

    @Test func longStringsHashEveryByte() throws {
        let base = String(repeating: "abcdefgh", count: 20)
        var variant = Array(base.utf8)
        variant[77] = UInt8(ascii: "Z")
        try expectDifferent("\"\(base)\"", "\"\(String(decoding: variant, as: UTF8.self))\"")
        try expectEqual("\"\(base)\"", "\"\(base)\"")
    }

    @Test func shuffledMembersOfRandomObjectsAgree() throws {
        var random = SplitMix64(seed: 0xF1A9)
        for _ in 0..<200 {
            let count = Int.random(in: 1...8, using: &random)
            var members: [String] = []
            for index in 0..<count {
                let value = Int.random(in: -1000...1000, using: &random)
                members.append("\"k\(index)\": [\(value), {\"n\": \(value).0}]")
            }
            let original = "{" + members.joined(separator: ",") + "}"
            let shuffled = "{ " + members.shuffled(using: &random).joined(separator: " , ") + " }"
            try expectEqual(original, shuffled)
        }
    }
}
