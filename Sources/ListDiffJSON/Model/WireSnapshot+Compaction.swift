@_spi(Unchecked) import ListDiff

extension WireSnapshot {
    /// The same snapshot holding only what it needs: every content's bytes copied into one
    /// new buffer (instead of ranges into the request body that carried them), identifiers
    /// longer than the inline capacity copied out of the request's shared slabs, and no marks.
    /// What a long-lived store keeps. O(size).
    public func compacted() -> WireSnapshot {
        var contents: [WireContent] = []
        for section in sections {
            if let content = section.content { contents.append(content) }
            for item in section.items {
                if let content = item.content { contents.append(content) }
            }
        }
        var copies = WireContent.compacted(contents).makeIterator()
        var result = ContiguousArray<Section>()
        result.reserveCapacity(sections.count)
        for section in sections {
            let content = section.content == nil ? nil : copies.next()
            var items = ContiguousArray<Item>()
            items.reserveCapacity(section.items.count)
            for item in section.items {
                items.append(Item(item.id._standalone, content: item.content == nil ? nil : copies.next()))
            }
            result.append(Section(section.id._standalone, content: content, items: items))
        }
        return WireSnapshot(uncheckedUniqueSections: result)
    }
}

extension WireContent {
    /// Copies of `contents` whose bytes share one new buffer, so they keep nothing else alive.
    /// O(total length).
    public static func compacted(_ contents: [WireContent]) -> [WireContent] {
        guard !contents.isEmpty else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(contents.reduce(0) { $0 + $1._range.count })
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(contents.count)
        for content in contents {
            let start = bytes.count
            content.withUnsafeJSON { bytes.append(contentsOf: $0) }
            ranges.append(start..<bytes.count)
        }
        let body = _WireBody(bytes)
        return zip(contents, ranges).map { WireContent(fingerprint: $0.fingerprint, body: body, range: $1) }
    }
}

extension WireID {
    /// This identifier with its own storage if its text lives out of line. O(length).
    var _standalone: WireID {
        withUTF8 { $0.count } > WireID._inlineCapacity ? WireID(string) : self
    }
}
