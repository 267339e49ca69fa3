import ListDiffJSON
import ListDiffScenarios
import ListDiffTestRun
import Testing

@Suite(.ownThreads) struct ReaderTests {
    /// Reads `json` and returns the error it fails with, or nil.
    func failure(
        _ json: String, options: JSONReadOptions = JSONReadOptions(),
        _ body: (inout JSONReader) throws(JSONReadError) -> Void
    ) -> JSONReadError? {
        do {
            try JSONReader.read(Array(json.utf8), options: options, body)
            return nil
        } catch {
            return error
        }
    }

    func validationError(_ json: String) -> JSONReadError? {
        failure(json) { (reader) throws(JSONReadError) in
            try reader.skipValue()
            try reader.finish()
        }
    }

    @Test func decodesASchemaDrivenDocument() throws {
        let json =
            #"{"sections": [{"id": "s0", "items": ["a", "b\u00e9", {"id": "c", "content": {"x": [1, 2]}}]}], "n": -42, "ok": true, "none": null}"#
        var ids: [String] = []
        var number = 0
        var flag = false
        var sawNull = false
        var captured: JSONCapturedValue?
        try JSONReader.read(Array(json.utf8)) { (reader) throws(JSONReadError) in
            try reader.beginObject()
            while let key = try reader.nextMember() {
                switch key {
                case "sections":
                    try reader.beginArray()
                    while try reader.hasNextElement() {
                        try reader.beginObject()
                        while let member = try reader.nextMember() {
                            if member == "id" {
                                ids.append(try reader.readStringValue())
                            } else {
                                try reader.beginArray()
                                while try reader.hasNextElement() {
                                    if try reader.peekKind() == .string {
                                        ids.append(try reader.readStringValue())
                                    } else {
                                        try reader.beginObject()
                                        while let field = try reader.nextMember() {
                                            switch field {
                                            case "id": ids.append(try reader.readStringValue())
                                            case "content": captured = try reader.captureValue()
                                            default: try reader.skipValue()
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                case "n": number = try reader.readInt()
                case "ok": flag = try reader.readBool()
                case "none": sawNull = try reader.readNullIfPresent()
                default: try reader.skipValue()
                }
            }
            try reader.finish()
        }
        #expect(ids == ["s0", "a", "bé", "c"])
        #expect(number == -42)
        #expect(flag)
        #expect(sawNull)
        let content = try #require(captured)
        #expect(content.kind == .object)
        let bytes = Array(json.utf8)
        #expect(String(decoding: bytes[content.range], as: UTF8.self) == #"{"x": [1, 2]}"#)
    }

    @Test func stringsWithoutEscapesAreBorrowed() throws {
        try JSONReader.read(Array(#"["plain", "esc\naped"]"#.utf8)) { (reader) throws(JSONReadError) in
            try reader.beginArray()
            _ = try reader.hasNextElement()
            let plain = try reader.readString()
            guard case .borrowed(let view) = plain else {
                Issue.record("expected a borrowed string")
                return
            }
            #expect(view.count == 5)
            _ = try reader.hasNextElement()
            let escaped = try reader.readString()
            guard case .unescaped(let bytes) = escaped else {
                Issue.record("expected an unescaped string")
                return
            }
            #expect(bytes == Array("esc\naped".utf8))
            #expect(try !reader.hasNextElement())
            try reader.finish()
        }
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONReader.read(Array(#""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00""#.utf8)) {
            (reader) throws(JSONReadError) in
            try reader.readStringValue()
        }
        #expect(value == "\"\\/\u{8}\u{C}\n\r\tAé€😀")
    }

    @Test func readIntBoundaries() throws {
        let values = try JSONReader.read(Array("[0, -0, 9223372036854775807, -9223372036854775808]".utf8)) {
            (reader) throws(JSONReadError) in
            var result: [Int] = []
            try reader.beginArray()
            while try reader.hasNextElement() { result.append(try reader.readInt()) }
            return result
        }
        #expect(values == [0, 0, Int.max, Int.min])
        let overflow = failure("9223372036854775808") { (reader) throws(JSONReadError) in _ = try reader.readInt() }
        #expect(overflow?.kind == .numberOutOfRange)
        let fraction = failure("1.0") { (reader) throws(JSONReadError) in _ = try reader.readInt() }
        #expect(fraction?.kind == .typeMismatch)
    }

    @Test func errorsNameOffsetLineColumnAndPointer() throws {
        let json =
            "{\"new\": {\"sections\": [{}, {}, {}, {\"items\": [\n" + String(repeating: "\"x\", ", count: 17)
            + "\"y\" }]}]}}"
        let error = try #require(validationError(json))
        #expect(error.kind == .unexpectedCharacter)
        #expect(error.pointer.description == "/new/sections/3/items/17")
        #expect(error.line == 2)
        #expect(error.column == 17 * 5 + 5)
        #expect(Array(json.utf8)[error.offset] == UInt8(ascii: "}"))
        #expect(error.expected == "',' or ']' after an array element")
        #expect(error.found == "'}'")
        #expect(
            error.description.contains(
                "line 2, column \(error.column) (byte \(error.offset)), at /new/sections/3/items/17"))
    }

    @Test func callerDrivenErrorsCarryThePathStack() throws {
        let error = try #require(
            failure(#"{"old": [1, 2, "three"]}"#) { (reader) throws(JSONReadError) in
                try reader.beginObject()
                _ = try reader.nextMember()
                try reader.beginArray()
                while try reader.hasNextElement() { _ = try reader.readInt() }
            })
        #expect(error.kind == .typeMismatch)
        #expect(error.pointer.description == "/old/2")
        #expect(error.found == "a string")
        #expect(error.offset == 15)
        #expect(error.column == 16)
    }

    @Test func pointerEscapesTildeAndSlash() throws {
        let error = try #require(validationError(#"{"a/b": {"m~n": [tru]}}"#))
        #expect(error.pointer.tokens == ["a/b", "m~n", "0"])
        #expect(error.pointer.description == "/a~1b/m~0n/0")
    }

    @Test func errorsInAMemberNamePointAtTheObject() throws {
        let error = try #require(
            failure(#"{"a": {"b": 1, "c\q": 2}}"#) { (reader) throws(JSONReadError) in
                try reader.beginObject()
                _ = try reader.nextMember()
                try reader.beginObject()
                while try reader.nextMember() != nil { try reader.skipValue() }
            })
        #expect(error.kind == .invalidEscape)
        #expect(error.pointer.description == "/a")
        let skipped = try #require(validationError(#"{"a": {"b": 1, "c\q": 2}}"#))
        #expect(skipped.pointer.description == "/a")
    }

    @Test func escapedKeysAppearUnescapedInPointers() throws {
        let error = try #require(validationError(#"{"caf\u00e9": [1, 2, 01]}"#))
        #expect(error.kind == .invalidNumber)
        #expect(error.pointer.description == "/café/2")
    }

    @Test func schemaErrorsFromDecoders() throws {
        let error = try #require(
            failure(#"{"sections": [{"items": []}]}"#) { (reader) throws(JSONReadError) in
                try reader.beginObject()
                _ = try reader.nextMember()
                try reader.beginArray()
                _ = try reader.hasNextElement()
                try reader.beginObject()
                while try reader.nextMember() != nil { try reader.skipValue() }
                throw reader.error(.schemaViolation, expected: "a member \"id\"", found: "none")
            })
        #expect(error.pointer.description == "/sections/0")
        #expect(error.kind == .schemaViolation)
    }

    @Test func rejectsWhatRFC8259Forbids() throws {
        let cases: [(String, JSONReadError.Kind)] = [
            ("", .unexpectedEndOfInput),
            ("[1,]", .unexpectedCharacter),
            ("{\"a\":1,}", .unexpectedCharacter),
            ("01", .invalidNumber),
            ("1.", .unexpectedEndOfInput),
            ("-", .unexpectedEndOfInput),
            ("+1", .unexpectedCharacter),
            ("1e", .unexpectedEndOfInput),
            ("[1] x", .trailingData),
            ("\"\\x\"", .invalidEscape),
            ("\"\\ud800\"", .loneSurrogate),
            ("\"\\udc00\"", .loneSurrogate),
            ("\"\\ud800\\u0041\"", .loneSurrogate),
            ("\"a\u{1}\"", .controlCharacterInString),
            ("\"abc", .unexpectedEndOfInput),
            ("nul", .unexpectedEndOfInput),
            ("[NaN]", .unexpectedCharacter)
        ]
        for (json, kind) in cases {
            let error = validationError(json)
            #expect(error?.kind == kind, "\(json.debugDescription): \(String(describing: error))")
        }
    }

    @Test func rejectsMalformedUTF8() throws {
        let cases: [[UInt8]] = [
            [0x22, 0xC0, 0x80, 0x22], // overlong NUL
            [0x22, 0xE0, 0x80, 0x80, 0x22], // overlong 3-byte
            [0x22, 0xED, 0xA0, 0x80, 0x22], // UTF-8-encoded surrogate U+D800
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], // above U+10FFFF
            [0x22, 0xE2, 0x82, 0x22], // truncated
            [0x22, 0x80, 0x22], // lone continuation
            [0x22, 0xE2, 0x82], // truncated at end of input
            [0x22, 0xFF, 0x22]
        ]
        for bytes in cases {
            #expect(throws: JSONReadError.self) { try JSONValidator.validate(bytes) }
            do { try JSONValidator.validate(bytes) } catch { #expect(error.kind == .invalidUTF8, "\(bytes)") }
        }
        try JSONValidator.validate(Array("\"é€😀\u{10FFFF}\"".utf8))
    }

    @Test func rejectsByteOrderMarkAndOversizedInput() throws {
        do {
            try JSONValidator.validate([0xEF, 0xBB, 0xBF, UInt8(ascii: "1")])
            Issue.record("BOM accepted")
        } catch {
            #expect(error.kind == .byteOrderMark)
            #expect(error.offset == 0)
        }
        do {
            try JSONValidator.validate(Array("[1, 2, 3]".utf8), options: JSONReadOptions(maxInputBytes: 8))
            Issue.record("oversized input accepted")
        } catch {
            #expect(error.kind == .inputTooLarge)
        }
    }

    @Test func depthLimitCountsCallerAndSkippedLevels() throws {
        let options = JSONReadOptions(maxDepth: 3)
        try JSONValidator.validate(Array("[[[1]]]".utf8), options: options)
        #expect(throws: JSONReadError.self) { try JSONValidator.validate(Array("[[[[1]]]]".utf8), options: options) }
        let error = failure("[[[[1]]]]", options: options) { (reader) throws(JSONReadError) in
            try reader.beginArray()
            _ = try reader.hasNextElement()
            try reader.beginArray()
            _ = try reader.hasNextElement()
            try reader.skipValue()
        }
        #expect(error?.kind == .depthLimitExceeded)
        #expect(error?.pointer.description == "/0/0/0")
    }

    @Test func typeMismatchNamesWhatWasFound() throws {
        let error = failure(#"{"a": [1]}"#) { (reader) throws(JSONReadError) in
            try reader.beginObject()
            _ = try reader.nextMember()
            _ = try reader.readString()
        }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.expected == "a string")
        #expect(error?.found == "an array")
        #expect(error?.pointer.description == "/a")
    }
    /// Skipped and captured values remember each open container's kind past the 64 levels
    /// held in one word: nesting of 200 levels, arrays and objects in a seeded mix, reads
    /// whole, and a closer swapped for the other kind at any level is refused there.
    @Test func deepSkippedValuesKeepEveryLevelsKind() throws {
        var generator = SplitMix64(seed: 0x5EED_0064)
        let kinds = (0..<200).map { _ in Bool.random(using: &generator) }
        func document(swappingCloserAt swapped: Int?) -> String {
            var text = ""
            for isObject in kinds { text += isObject ? #"{"k":"# : "[" }
            text += "1"
            for (level, isObject) in kinds.enumerated().reversed() {
                text += (isObject != (level == swapped)) ? "}" : "]"
            }
            return text
        }
        #expect(validationError(document(swappingCloserAt: nil)) == nil)
        let captured = failure(document(swappingCloserAt: nil)) { (reader) throws(JSONReadError) in
            _ = try reader.captureValue()
            try reader.finish()
        }
        #expect(captured == nil)
        for level in [0, 63, 64, 65, 127, 128, 199] {
            let error = validationError(document(swappingCloserAt: level))
            #expect(error?.kind == .unexpectedCharacter, "closer swapped at level \(level)")
        }
    }
}
