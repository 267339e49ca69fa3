// Mirrors a server snapshot while another task writes to it: the client module end to end.
//
//     swift run listdiff-client-example [BASE_URL] [VERSIONS]    (default http://127.0.0.1:8080, 20)
//
// LISTDIFF_API_KEY is sent as the API key when set. Exits 1 if the mirror's copy does not end
// equal to the server's snapshot.

import Foundation
import ListDiffClient
import ListDiffWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let arguments = CommandLine.arguments.dropFirst()
guard let baseURL = URL(string: arguments.first ?? "http://127.0.0.1:8080"),
    let versions = Int(arguments.dropFirst().first ?? "20"), versions > 0
else {
    FileHandle.standardError.write(Data("usage: listdiff-client-example [BASE_URL] [VERSIONS]\n".utf8))
    exit(2)
}
let apiKey = ProcessInfo.processInfo.environment["LISTDIFF_API_KEY"]

/// The list a writer keeps: a few sections of cards that move, come, go and change.
struct Card: Codable {
    var title: String
    var likes: Int
}

func feed(version: Int) throws -> WireSnapshotDocument {
    var list = SnapshotBuilder()
    for section in ["pinned", "today", "earlier"] {
        try list.appendSection(WireID(section))
        for card in 0..<8 where (card + version) % 5 != 0 {
            let id = "\(section)-\((card * 7 + version / 3) % 8)"
            try list.appendItem(WireID(id), content: Card(title: id, likes: version % 4 == card % 4 ? version : 0))
        }
    }
    return list.document
}

do {
    let client = ListDiffClient(baseURL: baseURL, apiKey: apiKey)
    let snapshot = try await client.createSession().snapshot("feed")
    try await snapshot.put(try feed(version: 0))

    // The mirror keeps a local copy, follows the changes (an event stream, else long polls)
    // and applies each one through the batch-update simulator, checking the server's digest
    // after every step.
    let mirror = snapshot.mirror()
    await mirror.start()

    // Another task writes new versions meanwhile.
    let writer = Task {
        var last = try await snapshot.get().version
        for version in 1...versions {
            last = try await snapshot.put(try feed(version: version)).to
            try await Task.sleep(for: .milliseconds(20))
        }
        return last
    }

    // A view would apply each update.plan, e.g. collectionView.apply(update.plan) { dataSource.snapshot = $0 }.
    let viewer = Task {
        for try await update in mirror.updates {
            let moves = update.plan.stages.reduce(0) { $0 + $1.update.itemMoves.count }
            let inserts = update.plan.stages.reduce(0) { $0 + $1.update.itemInserts.count }
            print(
                "\(update.version): \(update.reason), \(update.snapshot.numberOfItems) items, \(inserts) inserted, "
                    + "\(moves) moved, \(update.plan.updates.itemReconfigures.count) reconfigured")
        }
    }

    await mirror.waitUntilCopyReaches(try await writer.value)
    await mirror.stop()
    try await viewer.value

    let server = try await snapshot.get()
    let copy = await mirror.copy
    guard let copy, copy.version == server.version, copy.snapshot == server.snapshot, copy.digest == server.digest
    else {
        print("the mirror's copy (\(copy?.version.text ?? "none")) differs from the server's \(server.version)")
        exit(1)
    }
    print(
        "the mirror holds \(copy.version) (\(copy.digest)), equal to the server's snapshot; \(await mirror.statistics)")
    try await snapshot.session.delete()
} catch {
    FileHandle.standardError.write(Data("listdiff-client-example: \(error)\n".utf8))
    exit(1)
}
