import Foundation
import ListDiffService
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// A version names one state of one snapshot, whatever was deleted, evicted or lost in
/// between: a client holding a version of a deleted snapshot gets a reset, and its `If-Match`
/// a 412, never a changeset or a write against a list it never had.
@Suite(.ownThreads) struct VersionIdentityTests {
    @Test func aRecreatedSnapshotNeverReusesAVersion() throws {
        try TestService.with { (service: TestService) throws in
            let path = "/v1/sessions/s/snapshots/feed"
            #expect(try service.request("PUT", path, body: #"["a", "b"]"#).status == 201)
            let held = try service.request("PUT", path, body: #"["a", "b", "c"]"#)
            let heldVersion = try held.json()["to"] as? String ?? ""
            #expect(try service.request("DELETE", path).status == 204)
            var seen: Set<String> = [heldVersion]
            for items in [#"["x"]"#, #"["x", "y"]"#, #"["x", "y", "z"]"#] {
                let written = try service.request("PUT", path, body: items)
                let version = try written.json()["to"] as? String ?? ""
                #expect(!seen.contains(version), "version \(version) issued twice")
                seen.insert(version)
            }
            let changes = try service.request("GET", path + "/changes?since=\(heldVersion)")
            #expect(changes.status == 200)
            #expect(try changes.json()["reset"] as? Bool == true)
            #expect(try changes.member("snapshot") == #"["x","y","z"]"#)
            let stale = try service.request("PUT", path, body: #"["q"]"#, headers: [("If-Match", "\"\(heldVersion)\"")])
            #expect(stale.status == 412)
            #expect(try service.request("GET", path).member("snapshot") == #"["x","y","z"]"#)
        }
    }

    /// A token names its content: `<epoch>.<n>.<digest>`, the digest the version's own. A token
    /// from before versions named their content (`<epoch>.<n>`) names none: a reset, and a 412.
    @Test func aVersionNamesItsContent() throws {
        try TestService.with { (service: TestService) throws in
            let path = "/v1/sessions/s/snapshots/feed"
            let written = try service.request("PUT", path, body: #"["a", "b"]"#)
            let version = try written.json()["to"] as? String ?? ""
            let digest = try written.json()["digest"] as? String ?? ""
            #expect(digest.hasPrefix("xxh64:") && version == "\(service.service.epoch).1.\(digest.dropFirst(6))")
            #expect(written.header("ETag") == "\"\(version)\"")
            let unnamed = "\(service.service.epoch).1"
            let changes = try service.request("GET", path + "/changes?since=\(unnamed)")
            #expect(try changes.json()["reset"] as? Bool == true)
            let stale = try service.request("PUT", path, body: #"["c"]"#, headers: [("If-Match", "\"\(unnamed)\"")])
            #expect(stale.status == 412)
            #expect(try service.request("GET", path).member("snapshot") == #"["a","b"]"#)
        }
    }

    @Test func aSessionDeletedAndRecreatedNeverReusesAVersion() throws {
        try TestService.with { (service: TestService) throws in
            let path = "/v1/sessions/gone/snapshots/feed"
            let first = try service.request("PUT", path, body: #"["a"]"#)
            let firstVersion = try first.json()["to"] as? String ?? ""
            #expect(try service.request("DELETE", "/v1/sessions/gone").status == 204)
            let again = try service.request("PUT", path, body: #"["b"]"#)
            #expect(again.status == 201)
            #expect(try again.json()["from"] as? String == "\(service.service.epoch).0")
            #expect(try again.json()["to"] as? String != firstVersion)
            let owner = try service.request(
                "PUT", path, body: #"["c"]"#, headers: [("If-Match", "\"\(firstVersion)\"")])
            #expect(owner.status == 412)
        }
    }
}
