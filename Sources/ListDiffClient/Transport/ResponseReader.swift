import ListDiffJSON

/// Reads the service's JSON answers into the client's models with the wire's decoders.
/// Unknown members are skipped, so a newer server's additions do not break an older client.
enum ResponseReader {
    static let options = WireDecodingOptions(unknownMembers: .ignore)

    static func changeset(_ answer: HTTPExchange.Answer, format: ChangesetOptions.Format) throws(ListDiffClientError) -> WireChangeset {
        try reading(answer) { () throws(JSONReadError) in
            switch format {
            case .batch: .batch(try WireDecoder.batchChangeset(answer.body, flat: nil, options: options))
            case .sequential: .sequential(try WireDecoder.sequentialChangeset(answer.body, flat: nil, options: options))
            }
        }
    }

    static func changes(_ answer: HTTPExchange.Answer, format: ChangesetOptions.Format) throws(ListDiffClientError) -> SnapshotChanges {
        let document = try reading(answer) { () throws(JSONReadError) in
            try WireDecoder.changes(answer.body, sequential: format == .sequential, options: options)
        }
        switch document.body {
        case .changes(let from, let changeset, let fresh):
            return .changes(SnapshotChange(from: SnapshotVersion(from), to: SnapshotVersion(document.to), digest: document.digest,
                                           changeset: changeset, fresh: fresh))
        case .reset(let snapshot):
            return .reset(VersionedSnapshot(version: SnapshotVersion(document.to), digest: document.digest,
                                            snapshot: snapshot.snapshot, isFlat: snapshot.isFlat))
        }
    }

    /// A write's answer, which is always a changeset.
    static func change(_ answer: HTTPExchange.Answer, format: ChangesetOptions.Format) throws(ListDiffClientError) -> SnapshotChange {
        guard case .changes(let change) = try changes(answer, format: format) else {
            throw .invalidResponse(status: answer.status, reason: "a write was answered with a reset")
        }
        return change
    }

    static func versionedSnapshot(_ answer: HTTPExchange.Answer) throws(ListDiffClientError) -> VersionedSnapshot {
        let document = try reading(answer) { () throws(JSONReadError) in try WireDecoder.versionedSnapshot(answer.body, options: options) }
        return VersionedSnapshot(version: SnapshotVersion(document.version), digest: document.digest,
                                 snapshot: document.document.snapshot, isFlat: document.document.isFlat)
    }

    /// `{"session": name}`.
    static func sessionName(_ answer: HTTPExchange.Answer) throws(ListDiffClientError) -> String {
        try reading(answer) { () throws(JSONReadError) in
            try JSONReader.read(answer.body) { (reader) throws(JSONReadError) in
                var name: String?
                try reader.beginObject()
                while let member = try reader.nextMember() {
                    if member == "session" { name = try reader.readStringValue() } else { try reader.skipValue() }
                }
                try reader.finish()
                guard let name else { throw reader.error(.schemaViolation, expected: "a \"session\" member", found: "none") }
                return name
            }
        }
    }

    /// `{"session", "snapshots": [{"name", "version", "digest", "items", "flat"}]}`.
    static func listing(_ answer: HTTPExchange.Answer) throws(ListDiffClientError) -> [SnapshotSummary] {
        try reading(answer) { () throws(JSONReadError) in
            try JSONReader.read(answer.body) { (reader) throws(JSONReadError) in
                var summaries: [SnapshotSummary] = []
                try reader.beginObject()
                while let member = try reader.nextMember() {
                    guard member == "snapshots" else {
                        try reader.skipValue()
                        continue
                    }
                    try reader.beginArray()
                    while try reader.hasNextElement() { summaries.append(try summary(&reader)) }
                }
                try reader.finish()
                return summaries
            }
        }
    }

    private static func summary(_ reader: inout JSONReader) throws(JSONReadError) -> SnapshotSummary {
        var summary = SnapshotSummary(name: "", version: "", digest: "", items: 0, isFlat: false)
        try reader.beginObject()
        while let member = try reader.nextMember() {
            switch member {
            case "name": summary.name = try reader.readStringValue()
            case "version": summary.version = SnapshotVersion(try reader.readStringValue())
            case "digest": summary.digest = try reader.readStringValue()
            case "items": summary.items = try reader.readInt()
            case "flat": summary.isFlat = try reader.readBool()
            default: try reader.skipValue()
            }
        }
        return summary
    }

    private static func reading<R>(_ answer: HTTPExchange.Answer, _ body: () throws(JSONReadError) -> R) throws(ListDiffClientError) -> R {
        do {
            return try body()
        } catch {
            throw .invalidResponse(status: answer.status, reason: error.description)
        }
    }
}
