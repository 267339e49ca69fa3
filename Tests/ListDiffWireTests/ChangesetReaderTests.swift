import ListDiff
import ListDiffJSON
import ListDiffTestRun
import ListDiffWire
import Testing

/// The changeset readers are as strict as the snapshot decoders: every member a changeset's
/// objects take is required, a member the object does not take is rejected, and each error
/// names the object by its JSON Pointer.
@Suite(.ownThreads) struct ChangesetReaderTests {
    func readError(_ read: () throws(JSONReadError) -> Void) -> JSONReadError? {
        do {
            try read()
            return nil
        } catch {
            return error
        }
    }

    func sequentialError(_ text: String, flat: Bool = false) -> JSONReadError? {
        readError { () throws(JSONReadError) in _ = try WireDecoder.sequentialChangeset(Array(text.utf8), flat: flat) }
    }

    func batchError(_ text: String, flat: Bool = false) -> JSONReadError? {
        readError { () throws(JSONReadError) in _ = try WireDecoder.batchChangeset(Array(text.utf8), flat: flat) }
    }

    @Test func aSequentialOperationWithoutAtOrCountIsAnError() throws {
        let noAt = try #require(
            sequentialError(
                #"{"operations": [{"op": "deleteSections", "at": 0, "count": 1}, {"op": "deleteItems", "section": 0, "count": 2}]}"#
            ))
        #expect(noAt.kind == .schemaViolation)
        #expect(noAt.pointer.description == "/operations/1")
        #expect(noAt.expected.contains(#""at""#) && noAt.expected.contains("deleteItems"))
        let noCount = try #require(sequentialError(#"{"operations": [{"op": "remove", "at": 3}]}"#, flat: true))
        #expect(noCount.pointer.description == "/operations/0")
        #expect(noCount.expected.contains(#""count""#))
        let noSection = try #require(sequentialError(#"{"operations": [{"op": "insertItems", "at": 0, "count": 1}]}"#))
        #expect(noSection.expected.contains(#""section""#))
        let noKind = try #require(
            sequentialError(#"{"operations": [{"op": "change", "at": 0, "count": 1}]}"#, flat: true))
        #expect(noKind.expected.contains(#""kind""#))
        let noTo = try #require(sequentialError(#"{"operations": [{"op": "moveSection", "from": 1}]}"#))
        #expect(noTo.expected.contains(#""to""#))
        let noOperations = try #require(sequentialError(#"{}"#))
        #expect(noOperations.expected.contains(#""operations""#))
    }

    @Test func aSequentialOperationRejectsMembersItsOpDoesNotTake() throws {
        let error = try #require(
            sequentialError(#"{"operations": [{"op": "remove", "section": 0, "at": 0, "count": 1}]}"#, flat: true))
        #expect(error.pointer.description == "/operations/0/section")
        #expect(error.found == #""section""#)
        let path = try #require(sequentialError(#"{"operations": [{"op": "moveItem", "from": 0, "to": [0, 1]}]}"#))
        #expect(path.kind == .typeMismatch)
        #expect(path.pointer.description == "/operations/0/from")
        let index = try #require(sequentialError(#"{"operations": [{"op": "moveSection", "from": [0, 0], "to": 1}]}"#))
        #expect(index.pointer.description == "/operations/0/from")
        let ignored = try WireDecoder.sequentialChangeset(
            Array(#"{"operations": [{"op": "remove", "section": 0, "at": 2, "count": 1}]}"#.utf8), flat: true,
            options: WireDecodingOptions(unknownMembers: .ignore))
        #expect(ignored.operations == [.deleteItems(section: 0, at: 2, count: 1)])
    }

    @Test func aBatchChangesetNeedsEveryGroupAndList() throws {
        let noUpdates = try #require(batchError(#"{"stages": []}"#))
        #expect(noUpdates.pointer.description == "")
        #expect(noUpdates.expected.contains(#""updates""#))
        let updates = #""updates": {"sections": [], "reloads": [], "reconfigures": []}"#
        let noItems = try #require(
            batchError(#"{"stages": [{"sections": {"deletes": [], "inserts": [], "moves": []}}], \#(updates)}"#))
        #expect(noItems.pointer.description == "/stages/0")
        #expect(noItems.expected.contains(#""items""#))
        let noMoves = try #require(
            batchError(
                #"{"stages": [{"sections": {"deletes": [], "inserts": []}, "items": {"deletes": [], "inserts": [], "moves": []}}], \#(updates)}"#
            ))
        #expect(noMoves.pointer.description == "/stages/0/sections")
        #expect(noMoves.expected.contains(#""moves""#))
        let noReconfigures = try #require(batchError(#"{"stages": [], "updates": {"reloads": []}}"#, flat: true))
        #expect(noReconfigures.pointer.description == "/updates")
        #expect(noReconfigures.expected.contains(#""reconfigures""#))
        let flatItems = try #require(
            batchError(#"{"stages": [{"items": {}}], "updates": {"reloads": [], "reconfigures": []}}"#, flat: true))
        #expect(flatItems.found.contains(#""items""#))
        let flat = try WireDecoder.batchChangeset(
            Array(
                #"{"stages": [{"deletes": [1], "inserts": [], "moves": [[0, 2]]}], "updates": {"reloads": [], "reconfigures": [0]}}"#
                    .utf8), flat: true)
        #expect(
            flat.changeset.stages == [
                BatchUpdate(
                    itemDeletes: [ItemPath(section: 0, item: 1)],
                    itemMoves: [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))])
            ])
    }
}
