@_spi(Unchecked) import ListDiffJSON
import ListDiffTestRun
import Testing

/// The API that decoders with fast paths of their own build on: the reader's scanners and
/// unchecked moves, `JSONDecimal`, `ByteHash`, `RawBytes` and the writer's unchecked arrays.
@Suite(.ownThreads) struct FastPathAPITests {
    func decimal(_ literal: String) -> JSONDecimal {
        Array(literal.utf8).withUnsafeBytes { JSONDecimal($0, start: 0, end: $0.count) }
    }

    /// The digits of `decimal` in `literal`, without the decimal point.
    func digits(_ literal: String) -> String {
        let bytes = Array(literal.utf8)
        return String(decoding: bytes[decimal(literal).significand].filter { $0 != UInt8(ascii: ".") }, as: UTF8.self)
    }

    @Test func decimalsReadEverySpellingOfAValueAlike() {
        for (literal, expected) in [
            ("1", "1"), ("1.0", "1"), ("1e0", "1"), ("0.1e1", "1"), ("10e-1", "1"), ("1E+0", "1")
        ] {
            #expect(digits(literal) == expected, "\(literal)")
            #expect(decimal(literal).exponent == 0, "\(literal)")
            #expect(!decimal(literal).isNegative, "\(literal)")
        }
        #expect(digits("100") == "1" && decimal("100").exponent == 2)
        #expect(digits("-0.0250") == "25" && decimal("-0.0250").exponent == -3 && decimal("-0.0250").isNegative)
        #expect(digits("120.5e3") == "1205" && decimal("120.5e3").exponent == 2)
        #expect(digits("0.10000000000000000001") == "10000000000000000001")
    }

    @Test func decimalZeroHasNoSignAndNoDigits() {
        for literal in ["0", "-0", "0.000", "-0e5", "0E-3"] {
            #expect(decimal(literal).isZero, "\(literal)")
            #expect(!decimal(literal).isNegative, "\(literal)")
        }
    }

    @Test func decimalExponentsSaturate() {
        #expect(decimal("1e99999999999999999999").exponent == decimal("1e10000000000000000").exponent)
        #expect(decimal("1e-99999999999999999999").exponent == -1_000_000_000_000_000)
    }

    @Test func scannersFindStringElementsWithoutMovingTheReader() throws {
        let body = Array(#"[ "ab" ,"c\"d", 1]"#.utf8)
        try JSONReader.read(body) { (reader) throws(JSONReadError) in
            try reader.beginArray()
            #expect(reader.stringElementQuote(from: reader.offset, isFirst: true) == 2)
            #expect(reader.plainStringEnd(from: 3) == 5)
            #expect(reader.stringElementQuote(from: 6, isFirst: false) == 8)
            #expect(reader.plainStringEnd(from: 9) == 10)
            #expect(reader.stringElementQuote(from: 14, isFirst: false) == nil)
            #expect(reader.offset == 1)
            reader.moveUnchecked(to: 6, elementsRead: 1)
            #expect(reader.currentIndex == 0)
            #expect(try reader.hasNextElement())
            #expect(try reader.readStringValue() == "c\"d")
            #expect(reader.pointer(toElementAt: 0).description == "/0")
            #expect(try reader.hasNextElement())
            #expect(try reader.readInt() == 1)
            #expect(try reader.hasNextElement() == false)
            try reader.finish()
        }
    }

    @Test func plainStringElementsAreReadAndOthersLeftAlone() throws {
        let body = Array(#"["a", "bc","d\u0065", "é", 2]"#.utf8)
        try JSONReader.read(body) { (reader) throws(JSONReadError) in
            try reader.beginArray()
            #expect(reader.nextPlainStringElement() == 2..<3)
            #expect(reader.nextPlainStringElement() == 7..<9)
            #expect(reader.currentIndex == 1)
            for expected in ["de", "é"] {
                #expect(reader.nextPlainStringElement() == nil)
                #expect(try reader.hasNextElement())
                #expect(try reader.readStringValue() == expected)
            }
            #expect(reader.nextPlainStringElement() == nil)
            #expect(try reader.hasNextElement())
            #expect(try reader.readInt() == 2)
            #expect(reader.nextPlainStringElement() == nil)
            #expect(try reader.hasNextElement() == false)
            try reader.finish()
        }
    }

    @Test func specialByteMaskFlagsTheFirstByteThatEndsPlainContents() {
        func first(_ text: String) -> Int {
            var word: UInt64 = 0
            for (index, byte) in text.utf8.prefix(8).enumerated() { word |= UInt64(byte) << (8 * UInt64(index)) }
            let mask = JSONReader.specialByteMask(word)
            return mask == 0 ? 8 : mask.trailingZeroBitCount / 8
        }
        #expect(first("abcdefgh") == 8)
        #expect(first("abc\"defg") == 3)
        #expect(first("a\\bcdefg") == 1)
        #expect(first("abcdef\u{1}g") == 6)
        #expect(first("é1234567") == 0)
    }

    @Test func validatedContentsAreBorrowedUnlessEscaped() {
        Array(#"plain"#.utf8).withUnsafeBytes { raw in
            guard case .borrowed = JSONString(validatedContents: raw) else {
                Issue.record("a string without escapes is borrowed")
                return
            }
        }
        Array(#"a\nb\u00e9\ud83d\ude00"#.utf8).withUnsafeBytes { raw in
            #expect(JSONString(validatedContents: raw).string == "a\nbé😀")
        }
    }

    @Test func byteHashesAgreeForEqualBytes() {
        let text = Array("an identifier longer than sixteen bytes".utf8)
        let copy = Array("xx".utf8) + text
        text.withUnsafeBytes { a in
            copy.withUnsafeBytes { b in
                #expect(
                    ByteHash.hash(a, start: 0, end: a.count, seed: ByteHash.seed)
                        == ByteHash.hash(b, start: 2, end: b.count, seed: ByteHash.seed))
                #expect(
                    ByteHash.hash(a, start: 0, end: 9, seed: ByteHash.seed)
                        != ByteHash.hash(a, start: 0, end: 10, seed: ByteHash.seed))
                let short = ByteHash.words(a, start: 0, count: 5)
                let shortCopy = ByteHash.words(b, start: 2, count: 5)
                #expect(short == shortCopy)
                #expect(short.low == 0x6469_206E_61 && short.high == 0)
                #expect(RawBytes.equal(a, 0, b, 2, count: a.count))
                #expect(!RawBytes.equal(a, 0, b, 0, count: 8))
            }
        }
    }

    @Test func uncheckedArrayMembersWriteNumbers() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.arrayMemberUnchecked("n", [0, -7, Int.max, Int.min], maxElementBytes: JSONWriter.maxDecimalBytes) {
            JSONWriter.writeDecimal($0, to: $1)
        }
        writer.endObject()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self) == #"{"n":[0,-7,9223372036854775807,-9223372036854775808]}"#)
        #expect(JSONWriter.writesVerbatim(UnsafeRawBufferPointer(start: nil, count: 0)))
        Array("tab\there".utf8).withUnsafeBytes { #expect(!JSONWriter.writesVerbatim($0)) }
    }
}
