/// An ordered list of header fields. Repeated names are kept (in order); lookups ignore
/// ASCII case. Lookups are linear, which beats hashing for the handful of headers a request
/// carries.
///
/// Held as the fields' bytes in one allocation (``_HeaderBytes``), none while there are no
/// fields: the parser appends a header line's name and value as they are, and a `String` is
/// made only for a value someone reads (building a name and a value string for every line
/// would be a large share of parsing a request).
///
/// Sendable without checking because `ManagedBuffer` (which `_HeaderBytes` extends) cannot be
/// `Sendable`; the bytes are changed only by headers that hold them alone.
public struct HTTPHeaders: @unchecked Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    private var storage: _HeaderBytes?
    /// The number of fields.
    public private(set) var count = 0

    public init() {}

    public init(_ pairs: [(String, String)]) {
        for (name, value) in pairs { append(name: name, value: value) }
    }

    /// One field: a response's usual `Content-Type` (the dictionary literal allocated the
    /// literal's array too).
    init(name: String, value: String) {
        append(name: name, value: value)
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var isEmpty: Bool { count == 0 }

    /// The fields, in order, as strings. O(size).
    public var fields: [HTTPHeaderField] { Array(self) }

    public func makeIterator() -> Iterator { Iterator(storage: storage) }

    /// The fields in order, each made into strings as it is reached.
    public struct Iterator: IteratorProtocol {
        let storage: _HeaderBytes?
        var offset = 0

        public mutating func next() -> HTTPHeaderField? {
            storage?.withBytes { bytes in
                guard offset < bytes.count else { return nil }
                let (name, value, next) = HTTPHeaders.field(at: offset, in: bytes)
                offset = next
                return HTTPHeaderField(
                    name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
            }
        }
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.storage, let right = rhs.storage else { return true }
        return left.withBytes { left in right.withBytes { right in left.elementsEqual(right) } }
    }

    /// Appends a field, keeping any earlier field of the same name.
    public mutating func append(name: String, value: String) {
        var name = name
        var value = value
        name.withUTF8 { name in
            value.withUTF8 { value in append(name: UnsafeRawBufferPointer(name), value: UnsafeRawBufferPointer(value)) }
        }
    }

    /// Appends a field given as bytes (a header line's, in the parser). O(field).
    mutating func append(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        uniqueStorage(adding: _HeaderBytes.prefixBytes + name.count + value.count).append(name: name, value: value)
        count += 1
    }

    /// The storage, this value's own and with room for `needed` more bytes. O(1), or O(bytes)
    /// when copied or grown.
    private mutating func uniqueStorage(adding needed: Int) -> _HeaderBytes {
        if isKnownUniquelyReferenced(&storage), let storage, storage.available >= needed { return storage }
        // A request's head fits in the first: one allocation, not a few growing ones.
        let used = storage?.withBytes(\.count) ?? 0
        let capacity = Swift.max(256, 2 * used, used + needed)
        let grown = storage?.copy(capacity: capacity) ?? _HeaderBytes.make(capacity: capacity)
        storage = grown
        return grown
    }

    /// Appends every field of `other`, in order.
    public mutating func append(contentsOf other: HTTPHeaders) {
        other.forEachField { name, value in
            append(name: UnsafeRawBufferPointer(name), value: UnsafeRawBufferPointer(value))
            return true
        }
    }

    /// Replaces every field called `name` with a single one.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        append(name: name, value: value)
    }

    /// Removes every field called `name`.
    public mutating func remove(name: String) {
        var kept = HTTPHeaders()
        forEachField(named: name, matching: false) { name, value in
            kept.append(name: UnsafeRawBufferPointer(name), value: UnsafeRawBufferPointer(value))
            return true
        }
        self = kept
    }

    /// The first value of `name`, if any.
    public subscript(name: String) -> String? {
        var found: String?
        forEachField(named: name) { _, value in
            found = String(decoding: value, as: UTF8.self)
            return false
        }
        return found
    }

    /// Every value of `name`, in arrival order.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        forEachField(named: name) { _, value in
            values.append(String(decoding: value, as: UTF8.self))
            return true
        }
        return values
    }

    /// Whether any `name` field lists `token` in its comma-separated value (ASCII case ignored),
    /// as for `Connection: keep-alive, Upgrade`.
    public func containsToken(_ token: String, in name: String) -> Bool {
        var found = false
        forEachField(named: name) { _, value in
            for part in value.split(separator: UInt8(ascii: ",")) {
                if Self.bytesMatchIgnoringCase(HTTPBytes.trimmed(part), token.utf8) {
                    found = true
                    return false
                }
            }
            return true
        }
        return found
    }

    /// Calls `body` with every field's name and value bytes, in order, until it returns false.
    /// O(size).
    func forEachField(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool) {
        storage?.withBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let (name, value, next) = Self.field(at: offset, in: bytes)
                guard body(name, value) else { return }
                offset = next
            }
        }
    }

    /// ``forEachField(_:)`` over the fields whose name is `name` (ASCII case ignored), or
    /// whose name is not, when `matching` is false.
    private func forEachField(
        named name: String, matching: Bool = true,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        var name = name
        name.withUTF8 { wanted in
            forEachField { fieldName, value in
                Self.bytesMatchIgnoringCase(fieldName, wanted) == matching ? body(fieldName, value) : true
            }
        }
    }

    /// The name and value of the field stored at `offset` of `bytes`, and the next field's
    /// offset. O(1).
    private static func field(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
        name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, next: Int
    ) {
        let raw = UnsafeRawBufferPointer(bytes)
        let nameCount = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        let valueCount = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)))
        let nameStart = offset + _HeaderBytes.prefixBytes
        let valueStart = nameStart + nameCount
        return (
            UnsafeBufferPointer(rebasing: bytes[nameStart..<valueStart]),
            UnsafeBufferPointer(rebasing: bytes[valueStart..<valueStart + valueCount]), valueStart + valueCount
        )
    }

    /// ASCII case-insensitive equality of two header names' bytes, indexed directly: names are
    /// compared for every field of every request, so no generic walk over the views.
    static func bytesMatchIgnoringCase(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count where HTTPBytes.lowercased(lhs[index]) != HTTPBytes.lowercased(rhs[index]) {
            return false
        }
        return true
    }

    /// The same over any two byte collections (a field's bytes against a literal's UTF-8).
    static func bytesMatchIgnoringCase<L: Collection<UInt8>, R: Collection<UInt8>>(_ lhs: L, _ rhs: R) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (left, right) in zip(lhs, rhs) where HTTPBytes.lowercased(left) != HTTPBytes.lowercased(right) {
            return false
        }
        return true
    }
}
