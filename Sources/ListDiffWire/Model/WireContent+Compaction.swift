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
        return zip(contents, ranges).map {
            WireContent(
                fingerprint: $0.fingerprint, body: body, range: $1, kind: $0._storage.kind,
                placement: $0._storage.placement)
        }
    }
}
