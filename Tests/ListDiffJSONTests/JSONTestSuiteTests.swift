import Foundation
import ListDiffJSON
import ListDiffTestRun
import Testing

/// nst/JSONTestSuite `test_parsing`: every `y_` accepted, every `n_` rejected, no `i_` crash.
@Suite(.ownThreads) struct JSONTestSuiteTests {
    struct Case {
        var name: String
        var bytes: [UInt8]
    }

    static func cases() throws -> [Case] {
        let directory = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            .appendingPathComponent("JSONTestSuite/test_parsing")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        return try names.map { name in
            Case(name: name, bytes: [UInt8](try Data(contentsOf: directory.appendingPathComponent(name))))
        }
    }

    @Test func conformance() throws {
        let all = try Self.cases()
        let accepting = all.filter { $0.name.hasPrefix("y_") }
        let rejecting = all.filter { $0.name.hasPrefix("n_") }
        let implementationDefined = all.filter { $0.name.hasPrefix("i_") }

        var accepted = 0
        for test in accepting {
            do {
                try JSONValidator.validate(test.bytes)
                accepted += 1
            } catch {
                Issue.record("\(test.name) should be accepted: \(error)")
            }
        }
        var rejected = 0
        for test in rejecting {
            do {
                try JSONValidator.validate(test.bytes)
                Issue.record("\(test.name) should be rejected")
            } catch {
                #expect(error.offset >= 0 && error.offset <= test.bytes.count, "\(test.name): \(error)")
                #expect(error.line >= 1 && error.column >= 1)
                rejected += 1
            }
        }
        var implementationAccepted: [String] = []
        for test in implementationDefined {
            if (try? JSONValidator.validate(test.bytes)) != nil {
                implementationAccepted.append(test.name)
            }
        }
        print(
            "JSONTestSuite: \(accepted)/\(accepting.count) y_ accepted, \(rejected)/\(rejecting.count) n_ rejected, "
                + "\(implementationAccepted.count)/\(implementationDefined.count) i_ accepted (no crash): "
                + implementationAccepted.joined(separator: ", "))
        #expect(accepting.count == 95)
        #expect(rejecting.count == 188)
        #expect(accepted == accepting.count)
        #expect(rejected == rejecting.count)
    }

    @Test func acceptedDocumentsAlsoReadWithCapture() throws {
        for test in try Self.cases() where test.name.hasPrefix("y_") {
            try JSONReader.read(test.bytes) { (reader) throws(JSONReadError) in
                let captured = try reader.captureValue()
                try reader.finish()
                #expect(captured.range.upperBound <= test.bytes.count)
            }
        }
    }

    @Test func hundredThousandBracketsHitTheDepthLimit() throws {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(throws: JSONReadError.self) { try JSONValidator.validate(deep) }
        do {
            try JSONValidator.validate(deep)
        } catch {
            #expect(error.kind == .depthLimitExceeded)
            #expect(error.offset == 512)
            #expect(error.pointer.tokens.count == 512)
        }
    }
}
