/// What an item's content can be: any `Equatable & Sendable` type that declares it
/// (`extension Price: SnapshotContent {}`); the standard library's value types already do.
///
/// The declaration lets a content type choose how an item stores its optional content. The
/// default is `Self?`. `Never` — the content of snapshots without content — stores nothing
/// at all, so such an item costs exactly what its identifier costs: `Never?` would take a
/// byte, and with padding a 64-bit identifier's item would take 16 bytes instead of 8.
/// (A generic stored `Content?` cannot be empty for `Never`: Swift lays it out like the
/// optional of an empty struct, which needs a byte to tell `nil` apart.)
public protocol SnapshotContent: Equatable, Sendable {
    /// How an item stores an optional value of this type.
    associatedtype _OptionalStorage: Sendable = Self?
    static func _store(_ content: Self?) -> _OptionalStorage
    static func _load(_ storage: _OptionalStorage) -> Self?
}

extension SnapshotContent where _OptionalStorage == Self? {
    @inlinable @inline(__always)
    public static func _store(_ content: Self?) -> Self? { content }

    @inlinable @inline(__always)
    public static func _load(_ storage: Self?) -> Self? { storage }
}

extension Never: SnapshotContent {
    @inlinable @inline(__always)
    public static func _store(_ content: Never?) {}

    @inlinable @inline(__always)
    public static func _load(_ storage: Void) -> Never? { nil }
}

extension Bool: SnapshotContent {}
extension Int: SnapshotContent {}
extension Int8: SnapshotContent {}
extension Int16: SnapshotContent {}
extension Int32: SnapshotContent {}
extension Int64: SnapshotContent {}
extension UInt: SnapshotContent {}
extension UInt8: SnapshotContent {}
extension UInt16: SnapshotContent {}
extension UInt32: SnapshotContent {}
extension UInt64: SnapshotContent {}
extension Double: SnapshotContent {}
extension Float: SnapshotContent {}
extension String: SnapshotContent {}
extension Substring: SnapshotContent {}
extension Character: SnapshotContent {}
extension Array: SnapshotContent where Element: SnapshotContent {}
extension ContiguousArray: SnapshotContent where Element: SnapshotContent {}
extension Set: SnapshotContent where Element: SnapshotContent {}
extension Dictionary: SnapshotContent where Key: SnapshotContent, Value: SnapshotContent {}
