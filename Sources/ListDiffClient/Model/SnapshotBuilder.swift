import Foundation
@_spi(Unchecked) import ListDiff
import ListDiffWire

/// Builds a snapshot to send: sections and items by identifier, content from any `Encodable`
/// (encoded once, as JSON with sorted keys, so equal values compare equal on the server).
///
///     var list = SnapshotBuilder()
///     try list.appendSection("fruit", content: Header(title: "Fruit"))
///     try list.appendItem("apple", content: Fruit(name: "Apple", price: 3))
///     try await snapshot.put(list.document)
///
/// A flat list (`SnapshotBuilder(flat: true)`) has no sections: items go straight in.
/// Identifiers are unique across the snapshot; repeating one throws, as the server would
/// answer 400.
public struct SnapshotBuilder: Sendable {
    public private(set) var snapshot: WireSnapshot
    public let isFlat: Bool

    /// An empty sectioned snapshot, or an empty flat list.
    public init(flat: Bool = false) {
        isFlat = flat
        snapshot =
            flat ? WireSnapshot(uncheckedUniqueSections: [WireSnapshot.Section(WireID.flatSection)]) : WireSnapshot()
    }

    /// A flat list of plain identifiers.
    public init(items: [WireID]) throws(ListDiffClientError) {
        self.init(flat: true)
        try appendItems(items)
    }

    /// The document to send (snapshot and form).
    public var document: WireSnapshotDocument { WireSnapshotDocument(snapshot: snapshot, isFlat: isFlat) }

    /// Appends a section (not for flat lists). O(1) amortized.
    public mutating func appendSection(_ id: WireID, content: (any Encodable)? = nil) throws(ListDiffClientError) {
        guard !isFlat else { throw .invalidInput("a flat list has no sections; append items instead") }
        let section = WireSnapshot.Section(id, content: try Self.content(content))
        do {
            try snapshot.appendSections([section])
        } catch {
            throw .invalidInput("\(error)")
        }
    }

    /// Appends an item to `section`, or to the last section (the list, when flat). `kind` names
    /// the kind of cell that shows it: a kept item whose kind changes is reloaded, never
    /// reconfigured. O(1) amortized.
    public mutating func appendItem(
        _ id: WireID, content: (any Encodable)? = nil, kind: String? = nil, toSection section: WireID? = nil
    ) throws(ListDiffClientError) {
        try append([WireSnapshot.Item(id, content: try Self.content(content, kind: kind))], toSection: section)
    }

    /// Appends items without content. O(k).
    public mutating func appendItems(_ ids: [WireID], toSection section: WireID? = nil) throws(ListDiffClientError) {
        try append(ids.map { WireSnapshot.Item($0) }, toSection: section)
    }

    private mutating func append(_ items: [WireSnapshot.Item], toSection section: WireID?) throws(ListDiffClientError) {
        guard !isFlat || section == nil else { throw .invalidInput("a flat list has no sections; leave toSection out") }
        do {
            try snapshot.appendItems(items, toSection: section)
        } catch {
            throw .invalidInput("\(error)")
        }
    }

    /// Content as JSON with its kind: `nil` and no kind stay no content. O(size).
    static func content(_ value: (any Encodable)?, kind: String? = nil) throws(ListDiffClientError) -> WireContent? {
        if let kind, kind.isEmpty || kind.utf8.count > 256 {
            throw .invalidInput("a kind is a string of 1 to 256 bytes, not \(kind.utf8.count)")
        }
        guard let value else { return kind.map { WireContent(kind: $0) } }
        return try WireContent(encoding: value, kind: kind)
    }
}

extension WireContent {
    /// The content of an `Encodable` value, encoded as JSON with sorted keys, and the item's
    /// kind if it has one. O(size).
    public init(encoding value: some Encodable, kind: String? = nil) throws(ListDiffClientError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw .invalidInput("content of type \(type(of: value)) does not encode as JSON: \(error)")
        }
        do {
            try self.init(json: Array(data), kind: kind)
        } catch {
            throw .invalidInput("content of type \(type(of: value)) encodes as invalid JSON: \(error)")
        }
    }

    /// The content decoded as `type` (`null` when it names only a kind). O(size).
    public func decode<T: Decodable>(as type: T.Type) throws(ListDiffClientError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(hasValue ? json : Array("null".utf8)))
        } catch {
            throw .invalidResponse(status: 200, reason: "content \(self) is not a \(type): \(error)")
        }
    }
}
