import ListDiffJSON
import ListDiffScenarios
import ListDiffTestRun
import Testing

@Suite(.ownThreads) struct WriterTests {
    @Test func writesStructureWithCommas() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("sections")
        writer.beginObject()
        writer.key("deletes")
        writer.beginArray()
        writer.int(2)
        writer.endArray()
        writer.key("inserts")
        writer.beginArray()
        writer.endArray()
        writer.key("moves")
        writer.beginArray()
        writer.beginArray()
        writer.int(4)
        writer.int(1)
        writer.endArray()
        writer.beginArray()
        writer.int(-7)
        writer.int(0)
        writer.endArray()
        writer.endArray()
        writer.endObject()
        writer.key("flag")
        writer.bool(false)
        writer.key("nothing")
        writer.null()
        writer.endObject()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"sections":{"deletes":[2],"inserts":[],"moves":[[4,1],[-7,0]]},"flag":false,"nothing":null}"#)
    }

    @Test func writesIntegersWithoutFoundation() {
        for value in [0, 1, 9, 10, -1, -10, 1_234_567_890, Int.max, Int.min] {
            var writer = JSONWriter()
            writer.int(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
        }
    }

    @Test func escapesControlCharactersQuotesAndBackslashes() {
        var writer = JSONWriter()
        writer.string("a\"b\\c\n\r\t\u{8}\u{C}\u{0}\u{1F}\u{7F}é😀/")
        #expect(
            String(decoding: writer.bytes, as: UTF8.self) == "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0000\\u001f\u{7F}é😀/\"")
    }

    @Test func rawPassesCapturedContentThrough() throws {
        let input = Array(#"{"content": {"b": [1, 2.50], "a": "x"}}"#.utf8)
        let captured = try JSONReader.read(input) { (reader) throws(JSONReadError) in
            try reader.beginObject()
            _ = try reader.nextMember()
            let value = try reader.captureValue()
            _ = try reader.nextMember()
            try reader.finish()
            return value
        }
        var writer = JSONWriter()
        writer.beginArray()
        input.withUnsafeBytes { writer.raw(UnsafeRawBufferPointer(rebasing: $0[captured.range])) }
        writer.int(3)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"[{"b": [1, 2.50], "a": "x"},3]"#)
        let reread = try JSONReader.read(writer.bytes) { (reader) throws(JSONReadError) in
            try reader.beginArray()
            _ = try reader.hasNextElement()
            return try reader.captureValue().fingerprint
        }
        #expect(reread == captured.fingerprint)
    }

    @Test func seededRandomStringsRoundTrip() throws {
        let seed: UInt64 = 0x5EED_0001
        var random = SplitMix64(seed: seed)
        let pools: [ClosedRange<UInt32>] = [
            0x00...0x1F, 0x20...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF
        ]
        for round in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            if round == 0 {
                for value in UInt32(0)...0x7F { scalars.append(Unicode.Scalar(value)!) }
            }
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                let pool = pools[Int.random(in: 0..<pools.count, using: &random)]
                if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &random)) {
                    scalars.append(scalar)
                }
            }
            let original = String(scalars)
            var writer = JSONWriter()
            writer.beginObject()
            writer.key(original)
            writer.string(original)
            writer.endObject()
            let (key, value) = try JSONReader.read(writer.bytes) { (reader) throws(JSONReadError) in
                try reader.beginObject()
                let key = try reader.nextMember()?.string
                let value = try reader.readStringValue()
                #expect(try reader.nextMember() == nil)
                try reader.finish()
                return (key, value)
            }
            #expect(key == original, "seed \(seed) round \(round)")
            #expect(value == original, "seed \(seed) round \(round)")
        }
    }

    @Test func problemWithExtensionMembers() {
        var writer = JSONWriter()
        writer.writeProblem(type: "about:blank", title: "Duplicate item IDs", status: 422, detail: "IDs must be unique")
        {
            $0.key("duplicates")
            $0.beginArray()
            $0.string("a")
            $0.string("b")
            $0.endArray()
            $0.key("retry")
            $0.bool(false)
        }
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"type":"about:blank","title":"Duplicate item IDs","status":422,"detail":"IDs must be unique","duplicates":["a","b"],"retry":false}"#
        )
    }
}
