import ListDiff
import ListDiffJSON
import ListDiffTestRun
import ListDiffWire
import Testing

@Suite(.ownThreads) struct WireErrorTests {
    func diffError(_ text: String, options: WireDecodingOptions = WireDecodingOptions()) -> JSONReadError? {
        do {
            _ = try WireDecoder.diffRequest(Array(text.utf8), options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test func wrongTypeNamesItsPointer() throws {
        let error = try #require(diffError(#"{"old": [], "new": {"sections": [{"id": "s", "items": ["a", true]}]}}"#))
        #expect(error.kind == .typeMismatch)
        #expect(error.pointer.description == "/new/sections/0/items/1")
        #expect(error.found == "a boolean")
    }

    @Test func mixingFlatAndSectionedNamesTheSecond() throws {
        let error = try #require(diffError(#"{"old": ["a"], "new": {"sections": []}}"#))
        #expect(error.kind == .schemaViolation)
        #expect(error.pointer.description == "/new")
        #expect(error.description.contains("flat"))
    }

    @Test func mixingFormsNamesTheSecondMemberInEitherOrder() throws {
        let error = try #require(diffError(#"{"new": ["a"], "old": {"sections": []}}"#))
        #expect(error.pointer.description == "/old")
        #expect(error.offset == #"{"new": ["a"], "old": "#.utf8.count)
    }

    @Test func missingIDNamesTheElement() throws {
        let error = try #require(
            diffError(#"{"old": {"sections": [{"id": "s", "items": [{"content": 1}]}]}, "new": {"sections": []}}"#))
        #expect(error.kind == .schemaViolation)
        #expect(error.pointer.description == "/old/sections/0/items/0")
        #expect(error.expected.contains("\"id\""))
    }

    @Test func duplicateItemsAcrossSectionsAreListedAtTheFirstRepeat() throws {
        let body =
            #"{"old": {"sections": []}, "new": {"sections": [{"id": "s", "items": ["a", "b"]}, {"id": "t", "items": ["c", "a", 7, "b", "7"]}]}}"#
        let error = try #require(diffError(body))
        #expect(error.kind == .schemaViolation)
        #expect(error.pointer.description == "/new/sections/1/items/1")
        #expect(error.found.contains(#""a", "b", "7""#))
        #expect(error.line == 1 && error.offset == body.utf8.count - body.split(separator: "\"c\", ")[1].utf8.count)
    }

    @Test func duplicateSectionsAreErrors() throws {
        let error = try #require(
            diffError(#"{"old": {"sections": [{"id": "s"}, {"id": "s"}]}, "new": {"sections": []}}"#))
        #expect(error.pointer.description == "/old/sections/1/id")
        #expect(error.found.contains(#""s""#))
    }

    @Test func unknownMarkNamesItsPointer() throws {
        let error = try #require(
            diffError(#"{"old": [], "new": {"reloaded": ["x"], "sections": [{"id": "s", "items": ["a"]}]}}"#))
        #expect(error.pointer.description == "/new/reloaded/0")
        #expect(error.found.contains("\"x\""))
    }

    @Test func duplicateAndUnknownMembers() throws {
        let duplicate = try #require(diffError(#"{"old": [], "new": [{"id": "a", "id": "b"}]}"#))
        #expect(duplicate.pointer.description == "/new/0/id")
        #expect(duplicate.found.contains("second"))
        let unknown = try #require(diffError(#"{"old": [], "new": {"sections": [], "reloded": []}}"#))
        #expect(unknown.pointer.description == "/new/reloded")
        #expect(
            diffError(
                #"{"old": [], "new": {"items": [], "reloded": []}}"#,
                options: WireDecodingOptions(unknownMembers: .ignore)) == nil)
    }

    @Test func unknownOperationNamesItAndItsPointer() throws {
        do {
            _ = try WireDecoder.operations(
                Array(#"{"operations": [{"op": "deleteItems", "items": ["a"]}, {"op": "explode"}]}"#.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.pointer.description == "/operations/1/op")
            #expect(error.found.contains("explode"))
        }
    }

    @Test func operationMembersMustFitTheOp() throws {
        do {
            _ = try WireDecoder.operations(
                Array(#"{"operations": [{"op": "moveItem", "item": "a", "before": "b", "after": "c"}]}"#.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.pointer.description == "/operations/0")
            #expect(error.found == "both")
        }
    }

    /// A member the operation does not take is told against that operation's own members,
    /// with the one likely meant, whether the `op` comes before it or after.
    @Test func aMemberTheOperationDoesNotTakeListsTheOnesItTakes() throws {
        let bodies = [
            #"{"operations": [{"op": "expand", "item": "docs"}]}"#,
            #"{"operations": [{"item": "docs", "op": "expand"}]}"#
        ]
        for body in bodies {
            do {
                _ = try WireDecoder.operations(Array(body.utf8))
                Issue.record("accepted \(body)")
            } catch {
                #expect(error.pointer.description == "/operations/0/item", "\(body)")
                #expect(error.expected.contains(#""op", "items""#), "\(body): \(error.expected)")
                #expect(error.found.contains(#"(did you mean "items"?)"#), "\(body): \(error.found)")
            }
        }
        do {
            _ = try WireDecoder.operations(
                Array(#"{"operations": [{"op": "replaceChildren", "parent": "docs", "items": ["b"]}]}"#.utf8))
            Issue.record("accepted parent")
        } catch {
            #expect(error.pointer.description == "/operations/0/parent")
            #expect(error.expected == #"one of the members "op", "items", "item""#, "\(error.expected)")
        }
    }

    @Test func unknownSectionInAnOperationNamesTheOperation() throws {
        let stored = try WireDecoder.snapshot(Array(#"{"sections": [{"id": "s", "items": ["a"]}]}"#.utf8)).snapshot
        let operations = try WireDecoder.operations(
            Array(
                #"{"operations": [{"op": "appendItems", "items": ["b"], "section": "s"}, {"op": "appendItems", "items": ["c"], "section": "nope"}]}"#
                    .utf8))
        do {
            _ = try stored.applying(operations)
            Issue.record("expected an error")
        } catch {
            #expect(error.index == 1)
            #expect(error.reason == .unknownSection("nope"))
        }
    }
}
