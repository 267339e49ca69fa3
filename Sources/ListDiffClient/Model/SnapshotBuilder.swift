import Foundation
@_spi(Unchecked) import ListDiff
import ListDiffJSON

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
        snapshot = flat ? WireSnapshot(uncheckedUniqueSections: [WireSnapshot.Section(WireID.flatSection)]) : WireSnapshot()
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

    /// Appends an item to `section`, or to the last section (the list, when flat). O(1) amortized.
    public mutating func appendItem(_ id: WireID, content: (any Encodable)? = nil, toSection section: WireID? = nil) throws(ListDiffClientError) {
        try append([WireSnapshot.Item(id, content: try Self.content(content))], toSection: section)
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

    /// Content as JSON: `nil` stays no content. O(size).
    static func content(_ value: (any Encodable)?) throws(ListDiffClientError) -> WireContent? {
        guard let value else { return nil }
        return try WireContent(encoding: value)
    }
}

extension WireContent {
    /// The content of an `Encodable` value, encoded as JSON with sorted keys. O(size).
    public init(encoding value: some Encodable) throws(ListDiffClientError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw .invalidInput("content of type \(type(of: value)) does not encode as JSON: \(error)")
        }
        do {
            try self.init(json: Array(data))
        } catch {
            throw .invalidInput("content of type \(type(of: value)) encodes as invalid JSON: \(error)")
        }
    }

    /// The content decoded as `type`. O(size).
    public func decode<T: Decodable>(as type: T.Type) throws(ListDiffClientError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(json))
        } catch {
            throw .invalidResponse(status: 200, reason: "content \(self) is not a \(type): \(error)")
        }
    }
}
