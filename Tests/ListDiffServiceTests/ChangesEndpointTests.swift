import Foundation
import ListDiffHTTP
import ListDiffService
import ListDiffStore
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@Suite(.ownThreads) struct ChangesEndpointTests {
    static let path = "/v1/sessions/s1/snapshots/feed"

    @Test func changesSinceAnOlderVersionAreTheDiffBetweenThem() throws {
        try TestService.with { service in
            let (v1, v3) = (
                service.version(1, of: #"["a", "b", "c"]"#),
                service.version(3, of: #"["b", "d", {"id": "a", "content": 1}]"#)
            )
            _ = try service.request("PUT", Self.path, body: #"["a", "b", "c"]"#)
            _ = try service.request("PUT", Self.path, body: #"["b", "c", {"id": "a", "content": 1}]"#)
            _ = try service.request("PUT", Self.path, body: #"["b", "d", {"id": "a", "content": 1}]"#)
            let changes = try service.request("GET", Self.path + "/changes?since=\(v1)")
            #expect(changes.status == 200)
            #expect(try changes.json()["from"] as? String == v1)
            #expect(try changes.json()["to"] as? String == v3)
            let direct = try service.request(
                "POST", "/v1/diff", body: #"{"old": ["a", "b", "c"], "new": ["b", "d", {"id": "a", "content": 1}]}"#)
            #expect(
                try changes.member("changeset")
                    == (try JSONSerialization.data(withJSONObject: direct.json(), options: .sortedKeys)).utf8Text)
            let current = try service.request("GET", Self.path + "/changes?since=\(v3)")
            #expect(try current.json()["from"] as? String == v3)
            #expect(try current.json()["to"] as? String == v3)
        }
    }

    @Test func aVersionFromAnotherInstanceGetsAReset() throws {
        let foreign = try TestService.with { service in
            _ = try service.request("PUT", Self.path, body: #"["a"]"#)
            return try service.request("GET", Self.path).json()["version"] as? String ?? ""
        }
        try TestService.with { service in
            _ = try service.request("PUT", Self.path, body: #"["a", "b"]"#)
            let response = try service.request("GET", Self.path + "/changes?since=\(foreign)")
            #expect(response.status == 200)
            #expect(try response.json()["reset"] as? Bool == true)
            #expect(try response.json()["to"] as? String == service.version(1, of: #"["a", "b"]"#))
            #expect(try response.member("snapshot") == #"["a","b"]"#)
            #expect(try service.request("GET", Self.path + "/changes").status == 400)
            #expect(try service.request("GET", Self.path + "/changes?since=garbage").status == 400)
            #expect(
                try service.request("GET", Self.path + "/changes?since=\(service.service.epoch).9").json()["reset"]
                    as? Bool == true)
        }
    }

    @Test func kVersionsAreKeptThenAReset() throws {
        try TestService.with(ServiceConfiguration(store: StoreLimits(versionsKept: 4))) { service in
            var versions: [String] = []
            var lists: [[String]] = []
            var rng = SystemRandomNumberGenerator()
            for version in 1...8 {
                let list = (0..<20).map { "i\($0)" }.shuffled(using: &rng).prefix(15 + version % 3).map { $0 }
                lists.append(list)
                let body = "[" + list.map { "\"\($0)\"" }.joined(separator: ",") + "]"
                versions.append(try service.request("PUT", Self.path, body: body).json()["to"] as? String ?? "")
            }
            // Versions 5…8 are kept (8 current): each answers its true diff; 4 and older reset.
            for version in 5...7 {
                let changes = try service.request("GET", Self.path + "/changes?since=\(versions[version - 1])")
                let old = "[" + lists[version - 1].map { "\"\($0)\"" }.joined(separator: ",") + "]"
                let new = "[" + lists[7].map { "\"\($0)\"" }.joined(separator: ",") + "]"
                let direct = try service.request("POST", "/v1/diff", body: #"{"old": \#(old), "new": \#(new)}"#)
                #expect(try changes.json()["reset"] == nil)
                #expect(
                    try changes.member("changeset")
                        == (try JSONSerialization.data(withJSONObject: direct.json(), options: .sortedKeys)).utf8Text)
            }
            for version in 1...4 {
                #expect(
                    try service.request("GET", Self.path + "/changes?since=\(versions[version - 1])").json()["reset"]
                        as? Bool == true)
            }
        }
    }

    @Test func theLongPollAnswersOnTheNextWrite() throws {
        try TestService.with { service in
            let (v1, v2) = (service.version(1, of: #"["a"]"#), service.version(2, of: #"["a", "b"]"#))
            _ = try service.request("PUT", Self.path, body: #"["a"]"#)
            let poller = try service.longPoll(Self.path, since: v1, wait: 10)
            Thread.sleep(forTimeInterval: 0.2)
            let started = ContinuousClock.now
            _ = try service.request("PUT", Self.path, body: #"["a", "b"]"#)
            let response = try poller.readResponse()
            #expect(ContinuousClock.now - started < .seconds(2))
            #expect(try response.json()["from"] as? String == v1)
            #expect(try response.json()["to"] as? String == v2)
            #expect(
                try response.member("changeset")
                    == #"{"stages":[{"deletes":[],"inserts":[1],"moves":[]}],"updates":{"reconfigures":[],"reloads":[]}}"#
            )
            // A poll from an older version answers at once.
            let behind = try service.request("GET", Self.path + "/changes?since=\(v1)&wait=10")
            #expect(try behind.json()["to"] as? String == v2)
        }
    }

    @Test func theLongPollAnswersAnEmptyChangesetOnTimeout() throws {
        try TestService.with { service in
            let v1 = service.version(1, of: #"["a"]"#)
            _ = try service.request("PUT", Self.path, body: #"["a"]"#)
            let started = ContinuousClock.now
            let response = try service.request(
                "GET", Self.path + "/changes?since=\(v1)&wait=0.4&format=sequential")
            #expect(ContinuousClock.now - started >= .milliseconds(350))
            #expect(try response.json()["from"] as? String == v1)
            #expect(try response.json()["to"] as? String == v1)
            #expect(try response.member("changeset") == #"{"operations":[]}"#)
        }
    }

    @Test func aWaitOverTheMaximumIsServedAndTheAnswerNamesTheWaitApplied() throws {
        try TestService.with(ServiceConfiguration(followers: FollowerConfiguration(maxWaitSeconds: 1.5))) { service in
            let v1 = service.version(1, of: #"["a"]"#)
            _ = try service.request("PUT", Self.path, body: #"["a"]"#)
            let started = ContinuousClock.now
            let timedOut = try service.request("GET", Self.path + "/changes?since=\(v1)&wait=600")
            #expect(ContinuousClock.now - started < .seconds(3))
            #expect(timedOut.status == 200)
            #expect(timedOut.header("X-ListDiff-Wait") == "1.5")
            #expect(
                try service.request("GET", Self.path + "/changes?since=\(v1)&wait=0.2").header("X-ListDiff-Wait") == nil
            )
            #expect(try service.request("GET", Self.path + "/changes?since=\(v1)").header("X-ListDiff-Wait") == nil)
            // A long poll a write answers early says so too.
            let poller = try service.longPoll(Self.path, since: v1, wait: 600)
            Thread.sleep(forTimeInterval: 0.1)
            _ = try service.request("PUT", Self.path, body: #"["a", "b"]"#)
            let woken = try poller.readResponse()
            #expect(try woken.json()["to"] as? String == service.version(2, of: #"["a", "b"]"#))
            #expect(woken.header("X-ListDiff-Wait") == "1.5")
        }
        try TestService.with { service in
            let v1 = service.version(1, of: #"["a"]"#)
            _ = try service.request("PUT", Self.path, body: #"["a"]"#)
            _ = try service.request("PUT", Self.path, body: #"["a", "b"]"#)
            // Answered at once (its version is behind), with the default maximum named.
            let behind = try service.request("GET", Self.path + "/changes?since=\(v1)&wait=600")
            #expect(behind.header("X-ListDiff-Wait") == "60")
            let negative = try service.request("GET", Self.path + "/changes?since=\(v1)&wait=-1")
            #expect(negative.status == 400)
            #expect(
                try negative.json()["detail"] as? String
                    == "query parameter 'wait' is '-1'; allowed: seconds, 0 or more (at most 60 are waited)")
        }
    }

    @Test func aPollerThatLeavesIsForgottenAndWritesGoOn() throws {
        try TestService.with { service in
            _ = try service.request("PUT", Self.path, body: #"["a"]"#)
            do {
                let poller = try service.longPoll(Self.path, since: service.version(1, of: #"["a"]"#), wait: 30)
                withExtendedLifetime(poller) {
                    Thread.sleep(forTimeInterval: 0.3)
                    #expect(service.server.statistics().waitingResponses <= 1)
                }
            }
            let deadline = Date().addingTimeInterval(3)
            while service.server.statistics().waitingResponses > 0 && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(service.server.statistics().waitingResponses == 0)
            #expect(try service.request("PUT", Self.path, body: #"["b"]"#).status == 200)
        }
    }

    @Test func deletingTheSnapshotAnswersItsPollers() throws {
        try TestService.with { service in
            _ = try service.request("PUT", Self.path, body: #"["a"]"#)
            let poller = try service.longPoll(Self.path, since: service.version(1, of: #"["a"]"#), wait: 30)
            Thread.sleep(forTimeInterval: 0.2)
            #expect(try service.request("DELETE", Self.path).status == 204)
            #expect(try poller.readResponse().status == 404)
        }
    }
}

extension Data {
    var utf8Text: String { String(decoding: self, as: UTF8.self) }
}
