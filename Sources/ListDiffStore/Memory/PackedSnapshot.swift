@_spi(Unchecked) import ListDiff
import ListDiffWire

/// A snapshot as the store keeps it: every identifier's UTF-8 back to back in one buffer, an
/// end offset per section and item, and content only where there is some. About the size of
/// the snapshot's JSON (a 10-byte identifier costs 14 bytes), where a ``WireSnapshot`` item
/// costs 40; ``snapshot()`` rebuilds the engine's form when a diff or a reply needs it.
struct PackedSnapshot: Sendable {
    /// Identifier text of every element (each section, then its items), in order.
    private var text: [UInt8] = []
    /// Where each element's text ends in `text`.
    private var ends: [UInt32] = []
    private var itemCounts: [UInt32] = []
    /// Elements that have content, ascending, and their content (copied out of the request).
    private var contentElements: [UInt32] = []
    private var contents: [WireContent] = []

    /// Packs `snapshot` (marks are not kept). O(size).
    init(_ snapshot: WireSnapshot) {
        // Exact capacities: the packed form is kept for the snapshot's lifetime.
        var textBytes = 0
        var elements = snapshot.sections.count
        var withContent = 0
        for section in snapshot.sections {
            textBytes += section.id.withUTF8 { $0.count }
            elements += section.items.count
            if section.content != nil { withContent += 1 }
            for item in section.items {
                textBytes += item.id.withUTF8 { $0.count }
                if item.content != nil { withContent += 1 }
            }
        }
        text.reserveCapacity(textBytes)
        ends.reserveCapacity(elements)
        itemCounts.reserveCapacity(snapshot.sections.count)
        contentElements.reserveCapacity(withContent)
        var elementContents: [WireContent] = []
        elementContents.reserveCapacity(withContent)
        for section in snapshot.sections {
            append(section.id, content: section.content, into: &elementContents)
            itemCounts.append(UInt32(section.items.count))
            for item in section.items { append(item.id, content: item.content, into: &elementContents) }
        }
        contents = WireContent.compacted(elementContents)
    }

    init() {}

    private mutating func append(_ id: WireID, content: WireContent?, into elementContents: inout [WireContent]) {
        if let content {
            contentElements.append(UInt32(ends.count))
            elementContents.append(content)
        }
        id.withUTF8 { text.append(contentsOf: $0) }
        ends.append(UInt32(text.count))
    }

    var numberOfItems: Int { ends.count - itemCounts.count }

    /// Bytes held: the arrays are allocated to their exact sizes, so their counts, not their
    /// capacities (which follow the allocator's rounding, and so whatever else the process did
    /// before: a byte limit must refuse the same write every time). O(1) plus the contents'
    /// lengths.
    var bytes: Int {
        text.count + 4 * (ends.count + itemCounts.count + contentElements.count)
            + contents.count * MemoryLayout<WireContent>.stride
            + contents.reduce(0) { $0 + 48 + $1.withUnsafeJSON { $0.count } + ($1.kind?.utf8.count ?? 0) }
    }

    /// The snapshot in the engine's form. Identifiers are hashed again here: the price of
    /// keeping them packed. O(size).
    func snapshot() -> WireSnapshot {
        var sections = ContiguousArray<WireSnapshot.Section>()
        sections.reserveCapacity(itemCounts.count)
        text.withUnsafeBytes { text in
            var element = 0
            var start = 0
            var nextContent = 0
            func next() -> (WireID, WireContent?) {
                let end = Int(ends[element])
                let id = WireID(validUTF8: UnsafeRawBufferPointer(rebasing: text[start..<end]))
                var content: WireContent?
                if nextContent < contentElements.count, contentElements[nextContent] == UInt32(element) {
                    content = contents[nextContent]
                    nextContent += 1
                }
                start = end
                element += 1
                return (id, content)
            }
            for count in itemCounts {
                let (sectionID, sectionContent) = next()
                var items = ContiguousArray<WireSnapshot.Item>()
                items.reserveCapacity(Int(count))
                for _ in 0..<count {
                    let (id, content) = next()
                    items.append(WireSnapshot.Item(id, content: content))
                }
                sections.append(WireSnapshot.Section(sectionID, content: sectionContent, items: items))
            }
        }
        return WireSnapshot(uncheckedUniqueSections: sections)
    }
}
