import Foundation
import ListDiffTestRun
import ListDiffTestSupport
import Testing

/// What following a snapshot through one instance costs in Redis round trips when another
/// instance writes it: opening the stream reads the snapshot (one round trip) and nothing
/// more — its wait registers at the version the instance learned from that read, the write's
/// message brings the change, and the next wait registers at the version the message named.
/// (Before writes carried their changes: the open, its registration, and per write a head
/// read, a changes read and a registration.)
@Suite(.serialized, .ownThreads) struct RedisFollowerRoundTripTests {
    @Test func aStreamOpenedAndAnsweredByAnotherInstancesWriteCostsOneRoundTrip() throws {
        guard let server = try RedisServerProcess.startFirst() else { return }
        try TestService.with(store: RedisStoreServiceTests.redis(server.endpoint)) { writer in
            try TestService.with(store: RedisStoreServiceTests.redis(server.endpoint)) { holder in
                let path = "/v1/sessions/shared/snapshots/feed"
                #expect(try writer.request("PUT", path, body: #"["a", "b"]"#).status == 201)
                // A first stream starts the holder's subscriber.
                let first = try EventStreamClient(port: holder.server.port, target: path + "/events")
                #expect(try first.next().event == "snapshot")
                Thread.sleep(forTimeInterval: 0.3)

                let before = holder.service.statistics().roundTrips
                let stream = try EventStreamClient(port: holder.server.port, target: path + "/events")
                #expect(try stream.next().event == "snapshot")
                Thread.sleep(forTimeInterval: 0.1) // its wait registered
                let opened = holder.service.statistics().roundTrips - before
                #expect(try writer.request("PUT", path, body: #"["b", "a", "c"]"#).status == 200)
                #expect(try stream.next().event == "changes")
                #expect(try first.next().event == "changes")
                Thread.sleep(forTimeInterval: 0.1) // both registered again
                let followed = holder.service.statistics().roundTrips - before
                #expect(opened == 1, "opening the stream: \(opened) round trips")
                #expect(followed == 1, "opening, one write through another instance, the next wait: \(followed)")
            }
        }
    }
}
