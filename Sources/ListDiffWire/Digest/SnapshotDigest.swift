import ListDiff

/// The digest of a snapshot: `xxh64:` and 16 lowercase hex digits of ``XXH64`` (seed 0) over
/// the snapshot's canonical JSON, the same on every machine and in every process, so a
/// client holding a copy can check that it shows what the server holds.
///
/// The canonical JSON is `{"sections":[…]}` without whitespace, each section
/// `{"id":"<id>","content":<c>,"items":[…]}` (`content` only when present) and each item
/// `"<id>"` without content or kind, or `{"id":"<id>","content":<c>,"kind":"<k>"}` with
/// `content` and `kind` each only when present (so digests of kind-less snapshots did not
/// change when kinds came). The kind is written as identifiers are. An outline section is
/// `{"id":"<id>","content":<c>,"outline":true,"items":[…]}` with its items as their tree, each
/// item an identifier alone or `{"id","content"?,"kind"?,"expanded":true?,"children":[…]?}`
/// (`expanded` only when true, `children` only when not empty), so outlines entered the
/// digest without changing any earlier one. A flat list is one
/// section with the id `""`. Identifiers are strings (integers as their decimal text);
/// marks (reloads, reconfigures) are not part of it. Content is in the canonical form of
/// `_CanonicalJSON`: whitespace, member order, escaping and number spelling do not change it.
public enum SnapshotDigest {
    /// The digest of `snapshot`. O(size of its canonical JSON).
    public static func digest(of snapshot: WireSnapshot) -> String {
        var canonical = _CanonicalJSON()
        write(snapshot, into: &canonical)
        let hash = canonical.withBytes { XXH64.hash($0) }
        let hex = String(hash, radix: 16)
        return "xxh64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The canonical JSON the digest hashes. O(size).
    public static func canonicalJSON(of snapshot: WireSnapshot) -> [UInt8] {
        var canonical = _CanonicalJSON()
        write(snapshot, into: &canonical)
        return canonical.withBytes { Array($0) }
    }

    /// Writes the canonical JSON of `snapshot` (its shape is fixed, so no writer state is needed
    /// between values). O(size).
    static func write(_ snapshot: WireSnapshot, into canonical: inout _CanonicalJSON) {
        canonical.appendASCII(#"{"sections":["#)
        for (index, section) in snapshot.sections.enumerated() {
            if index > 0 { canonical.appendASCII(",") }
            canonical.appendASCII(#"{"id":"#)
            section.id.withUTF8 { canonical.appendQuoted($0) }
            if let content = section.content, content.hasValue {
                canonical.appendASCII(#","content":"#)
                content.withUnsafeJSON { canonical.appendValue($0) }
            }
            let isOutline = section.content?.isOutline == true
            if isOutline { canonical.appendASCII(#","outline":true"#) }
            canonical.appendASCII(#","items":["#)
            if isOutline {
                writeOutline(section.items, into: &canonical)
            } else {
                section.items.withUnsafeBufferPointer { items in
                    for position in items.indices {
                        if position > 0 { canonical.appendASCII(",") }
                        // The content is read unretained (the snapshot keeps it alive): an atomic
                        // retain and release per item would be a large share of the digest.
                        let storage = items[position].content.map { Unmanaged.passUnretained($0._storage) }
                        write(id: items[position].id, content: storage, into: &canonical)
                    }
                }
            }
            canonical.appendASCII("]}")
        }
        canonical.appendASCII("]}")
    }

    /// An item of a flat section: its identifier alone, or an object with its content and
    /// kind.
    @inline(__always)
    static func write(id: WireID, content: Unmanaged<_WireContentStorage>?, into canonical: inout _CanonicalJSON) {
        guard let content, content._withUnsafeGuaranteedRef({ $0.end > $0.start || $0.kind != nil }) else {
            id.withUTF8 { canonical.appendQuoted($0) }
            return
        }
        canonical.appendASCII(#"{"id":"#)
        id.withUTF8 { canonical.appendQuoted($0) }
        content._withUnsafeGuaranteedRef { writeMembers(of: $0, into: &canonical) }
        canonical.appendASCII("}")
    }

    /// `,"content":…` and `,"kind":…`, each when the content has it.
    static func writeMembers(of content: WireContent, into canonical: inout _CanonicalJSON) {
        writeMembers(of: content._storage, into: &canonical)
    }

    /// The same, from a content's storage (which the digest reads unretained).
    static func writeMembers(of content: _WireContentStorage, into canonical: inout _CanonicalJSON) {
        if content.end > content.start {
            canonical.appendASCII(#","content":"#)
            content.withUnsafeJSON { canonical.appendValue($0) }
        }
        if var kind = content.kind?.text {
            canonical.appendASCII(#","kind":"#)
            kind.withUTF8 { canonical.appendQuoted(UnsafeRawBufferPointer($0)) }
        }
    }

    /// An outline section's items as their tree (see the type's description).
    static func writeOutline(_ items: ContiguousArray<WireSnapshot.Item>, into canonical: inout _CanonicalJSON) {
        let shape = _OutlineShape(items: items)
        for (position, item) in items.enumerated() {
            if !shape.isFirstOfArray(position) { canonical.appendASCII(",") }
            guard let content = item.content, shape.needsObject(position) else {
                item.id.withUTF8 { canonical.appendQuoted($0) }
                for _ in 0..<shape.closes(after: position) { canonical.appendASCII("]}") }
                continue
            }
            canonical.appendASCII(#"{"id":"#)
            item.id.withUTF8 { canonical.appendQuoted($0) }
            writeMembers(of: content, into: &canonical)
            if content.isExpanded { canonical.appendASCII(#","expanded":true"#) }
            canonical.appendASCII(shape.opensChildren(position) ? #","children":["# : "}")
            for _ in 0..<shape.closes(after: position) { canonical.appendASCII("]}") }
        }
    }

    /// The canonical form of one content value (see the type's description). O(length).
    public static func canonicalJSON(of content: WireContent) -> [UInt8] {
        var canonical = _CanonicalJSON()
        content.withUnsafeJSON { canonical.appendValue($0) }
        return canonical.withBytes { Array($0) }
    }
}
