/// A string read by ``JSONReader``: the UTF-8 bytes of its unescaped contents.
///
/// Strings without escapes are `borrowed`: a view into the reader's input, valid as long as the
/// input buffer is (no allocation). Strings with escapes are `unescaped` into a new buffer.
public enum JSONString {
    /// The string's bytes inside the input (the string had no escapes).
    case borrowed(UnsafeRawBufferPointer)
    /// The decoded bytes of a string that had escapes.
    case unescaped([UInt8])

    /// The string whose contents, as written between the quotes, are `raw`: borrowed when
    /// it has no escapes, else decoded. For decoders that read and validated a string
    /// themselves (``JSONReader/plainStringEnd(from:)``) or hold a validated value
    /// (``JSONReader/captureValue()``).
    ///
    /// - Precondition: `raw` is the inside of a string of valid JSON.
    /// - Complexity: O(length).
    @inlinable
    public init(validatedContents raw: UnsafeRawBufferPointer) {
        guard raw.contains(UInt8(ascii: "\\")) else {
            self = .borrowed(raw)
            return
        }
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        _Unescape.append(raw, from: 0, to: raw.count, into: &output)
        self = .unescaped(output)
    }

    /// Calls `body` with the UTF-8 bytes of the contents. O(1) plus `body`.
    @inlinable
    public func withUTF8<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        switch self {
        case .borrowed(let buffer):
            return try body(buffer)
        case .unescaped(let array):
            let result = array.withUnsafeBytes { (buffer) -> Result<R, E> in
                do throws(E) {
                    return .success(try body(buffer))
                } catch {
                    return .failure(error)
                }
            }
            return try result.get()
        }
    }

    /// The number of UTF-8 bytes of the contents. O(1).
    @inlinable
    public var utf8Count: Int {
        switch self {
        case .borrowed(let buffer): buffer.count
        case .unescaped(let array): array.count
        }
    }

    /// The contents as a `String` (allocates for strings longer than 15 bytes). O(n).
    @inlinable
    public var string: String {
        withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the contents equal `literal` byte for byte. O(n), no allocation.
    @inlinable
    public func equals(_ literal: StaticString) -> Bool {
        withUTF8 { bytes in
            guard bytes.count == literal.utf8CodeUnitCount else { return false }
            let expected = UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            return RawBytes.equal(bytes, 0, expected, 0, count: bytes.count)
        }
    }

    /// Lets member names be matched in a `switch`: `case "id":`. O(n), no allocation.
    @inlinable
    public static func ~= (pattern: StaticString, value: JSONString) -> Bool {
        value.equals(pattern)
    }

    /// Whether the contents equal `literal`. O(n), no allocation.
    @inlinable
    public static func == (lhs: JSONString, rhs: StaticString) -> Bool {
        lhs.equals(rhs)
    }
}
