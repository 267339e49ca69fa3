import Foundation
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import ListDiffWire
import Testing

/// A flat snapshot has no sections to operate on: an operation that names one is a 409
/// `form-mismatch` with nothing changed, and after every operation that does apply, the digest
/// a read returns is the digest of the snapshot it returns.
@Suite(.ownThreads) struct OperationFormTests {
    static let sectionOperations = [
        #"{"op": "appendSections", "sections": [{"id": "s2", "items": []}]}"#,
        #"{"op": "insertSections", "sections": [{"id": "s2", "items": []}], "before": "s1"}"#,
        #"{"op": "deleteSections", "sections": ["s1"]}"#,
        #"{"op": "moveSection", "section": "s1", "after": "s0"}"#,
        #"{"op": "reloadSections", "sections": ["s1"]}"#,
        #"{"op": "appendItems", "items": ["z"], "section": "s1"}"#
    ]

    @Test(arguments: sectionOperations)
    func sectionOperationsOnAFlatSnapshotAreAFormMismatch(operation: String) throws {
        try TestService.with { (service: TestService) throws in
            let path = "/v1/sessions/s/snapshots/flat"
            #expect(try service.request("PUT", path, body: #"["a", "b"]"#).status == 201)
            let before = try service.request("GET", path)
            let refused = try service.request("POST", path + "/operations", body: #"{"operations": [\#(operation)]}"#)
            #expect(refused.status == 409, "\(operation): \(refused.bodyText)")
            #expect(try refused.json()["type"] as? String == "urn:listdiff:problem:form-mismatch")
            let after = try service.request("GET", path)
            #expect(after.header("ETag") == before.header("ETag"))
            #expect(try after.member("snapshot") == #"["a","b"]"#)
        }
    }

    static let flatOperations = [
        #"{"op": "appendItems", "items": ["z"]}"#,
        #"{"op": "insertItems", "items": ["z"], "before": "a"}"#,
        #"{"op": "insertItems", "items": ["z"], "after": "b"}"#,
        #"{"op": "deleteItems", "items": ["a"]}"#,
        #"{"op": "deleteAllItems"}"#,
        #"{"op": "moveItem", "item": "a", "after": "b"}"#,
        #"{"op": "moveItem", "item": "b", "before": "a"}"#,
        #"{"op": "reloadItems", "items": ["a"]}"#,
        #"{"op": "reconfigureItems", "items": ["b"]}"#
    ]

    @Test(arguments: flatOperations)
    func everyItemOperationKeepsAFlatSnapshotsDigestTrue(operation: String) throws {
        try TestService.with { (service: TestService) throws in
            let path = "/v1/sessions/s/snapshots/flat"
            #expect(try service.request("PUT", path, body: #"["a", "b"]"#).status == 201)
            let applied = try service.request("POST", path + "/operations", body: #"{"operations": [\#(operation)]}"#)
            #expect(applied.status == 200, "\(operation): \(applied.bodyText)")
            try Self.expectDigestMatchesSnapshot(service, path)
            let changes = try service.request("GET", path + "/changes?since=\(service.service.epoch).0")
            #expect(try changes.json()["snapshot"] is [Any], "a flat snapshot is read back as a bare array")
        }
    }

    @Test(
        arguments: sectionOperations + [
            #"{"op": "appendItems", "items": ["z"]}"#,
            #"{"op": "moveItem", "item": "a", "after": "b"}"#,
            #"{"op": "deleteAllItems"}"#
        ])
    func everyOperationKeepsASectionedSnapshotsDigestTrue(operation: String) throws {
        try TestService.with { (service: TestService) throws in
            let path = "/v1/sessions/s/snapshots/sectioned"
            #expect(
                try service.request(
                    "PUT", path, body: #"{"sections": [{"id": "s1", "items": ["a", "b"]}, {"id": "s0", "items": []}]}"#
                ).status == 201)
            let applied = try service.request("POST", path + "/operations", body: #"{"operations": [\#(operation)]}"#)
            #expect(applied.status == 200, "\(operation): \(applied.bodyText)")
            try Self.expectDigestMatchesSnapshot(service, path)
        }
    }

    static func expectDigestMatchesSnapshot(_ service: TestService, _ path: String) throws {
        let read = try service.request("GET", path)
        let snapshot = try WireDecoder.snapshot(Array(try read.member("snapshot").utf8)).snapshot
        #expect(try read.json()["digest"] as? String == SnapshotDigest.digest(of: snapshot))
    }
}
