import ListDiff

/// The digest of a snapshot: `xxh64:` and 16 lowercase hex digits of ``XXH64`` (seed 0) over
/// the snapshot's canonical JSON, the same on every machine and in every process, so a
/// client holding a copy can check that it shows what the server holds.
///
/// The canonical JSON is `{"sections":[…]}` without whitespace, each section
/// `{"id":"<id>","content":<c>,"items":[…]}` (`content` only when present) and each item
/// `"<id>"` without content or `{"id":"<id>","content":<c>}` with it. A flat list is one
/// section with the id `""`. Identifiers are strings (integers as their decimal text);
/// marks (reloads, reconfigures) are not part of it. Content is in the canonical form of
/// `_CanonicalJSON`: whitespace, member order, escaping and number spelling do not change it.
public enum SnapshotDigest {
    /// The digest of `snapshot`. O(size of its canonical JSON).
    public static func digest(of snapshot: WireSnapshot) -> String {
        let bytes = canonicalJSON(of: snapshot)
        let hash = bytes.withUnsafeBytes { XXH64.hash($0) }
        let hex = String(hash, radix: 16)
        return "xxh64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The canonical JSON the digest hashes. O(size).
    public static func canonicalJSON(of snapshot: WireSnapshot) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 16 * snapshot.numberOfItems + 64)
        var canonical = _CanonicalJSON()
        writer.beginObject()
        writer.key("sections")
        writer.beginArray()
        for section in snapshot.sections {
            writer.beginObject()
            writer.key("id")
            writer.writeID(section.id)
            if let content = section.content {
                writer.key("content")
                writer._writeCanonical(content, using: &canonical)
            }
            writer.key("items")
            writer.beginArray()
            for item in section.items {
                guard let content = item.content else {
                    writer.writeID(item.id)
                    continue
                }
                writer.beginObject()
                writer.key("id")
                writer.writeID(item.id)
                writer.key("content")
                writer._writeCanonical(content, using: &canonical)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// The canonical form of one content value (see the type's description). O(length).
    public static func canonicalJSON(of content: WireContent) -> [UInt8] {
        var canonical = _CanonicalJSON()
        var output: [UInt8] = []
        content.withUnsafeJSON { canonical.append($0, to: &output) }
        return output
    }
}

extension JSONWriter {
    /// Writes `content` in canonical form as the next value. O(length).
    mutating func _writeCanonical(_ content: WireContent, using canonical: inout _CanonicalJSON) {
        _beginValue()
        content.withUnsafeJSON { canonical.append($0, to: &bytes) }
        _needsComma = true
    }
}
