/// The few fields a follower checks, found in the server's JSON by their bytes: versions
/// (`"from":"…"`, `"to":"…"`, `"version":"…"`), which hold no quote, and the sequence number a
/// write's body names as its one item `"w<n>"` (no key of a changeset or a value starts with w).
enum WriteBodyFields {
    /// The string value of `"key":"…"` in `json`, nil when absent.
    /// - Complexity: O(n) in `json`.
    static func string(_ key: String, in json: some Collection<UInt8>) -> String? {
        let pattern = Array("\"\(key)\":\"".utf8)
        let bytes = Array(json)
        guard let start = find(pattern, in: bytes) else { return nil }
        let valueStart = start + pattern.count
        guard let end = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: bytes[valueStart..<end], as: UTF8.self)
    }

    /// The `n` of the item `"w<n>"` in `json`, nil when no such item is there.
    /// - Complexity: O(n) in `json`.
    static func sequence(in json: some Collection<UInt8>) -> Int? {
        let bytes = Array(json)
        guard let start = find(Array("\"w".utf8), in: bytes) else { return nil }
        let digits = bytes[(start + 2)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// A write's body: a small list whose last item names the write.
    static func body(sequence: Int) -> String { #"["a","b","c","w\#(sequence)"]"# }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for index in 0...(bytes.count - pattern.count)
        where bytes[index] == pattern[0] && bytes[index..<index + pattern.count].elementsEqual(pattern) {
            return index
        }
        return nil
    }
}
