/// Writes JSON straight into a byte buffer: no intermediate tree, no Foundation.
///
/// The writer places commas and colons itself; the caller writes a member name before each
/// value inside an object and balances `begin`/`end` calls. Debug builds (and so the tests)
/// check every call against the containers opened so far (``_JSONStructure``) and trap on the
/// first that would make the output invalid — a close of the wrong kind or of nothing, a value
/// without its member name, a second document — and ``isComplete`` tells whether every
/// container was closed; release builds check nothing. Output is deterministic: the same calls
/// always produce the same bytes, with no whitespace.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("deletes"); writer.beginArray(); writer.int(2); writer.endArray()
/// writer.endObject()
/// let body = writer.bytes   // {"deletes":[2]}
/// ```
public struct JSONWriter {
    /// The bytes written so far.
    public var bytes: [UInt8]
    /// Whether the next value or member needs a leading comma.
    @usableFromInline var _needsComma: Bool
    #if DEBUG
    /// The containers open and what may come next, checked at every call.
    @usableFromInline var _structure = _JSONStructure()
    #endif

    /// Creates an empty writer, reserving `capacity` bytes. O(capacity).
    @inlinable
    public init(reservingCapacity capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
        _needsComma = false
    }

    /// Opens an object (`{`). O(1) amortized.
    @inlinable
    public mutating func beginObject() {
        _check { $0.open(isObject: true) }
        _beginValue()
        bytes.append(UInt8(ascii: "{"))
        _needsComma = false
    }

    /// Closes the innermost object (`}`). O(1) amortized.
    @inlinable
    public mutating func endObject() {
        _check { $0.close(isObject: true) }
        bytes.append(UInt8(ascii: "}"))
        _needsComma = true
    }

    /// Opens an array (`[`). O(1) amortized.
    @inlinable
    public mutating func beginArray() {
        _check { $0.open(isObject: false) }
        _beginValue()
        bytes.append(UInt8(ascii: "["))
        _needsComma = false
    }

    /// Closes the innermost array (`]`). O(1) amortized.
    @inlinable
    public mutating func endArray() {
        _check { $0.close(isObject: false) }
        bytes.append(UInt8(ascii: "]"))
        _needsComma = true
    }

    /// Writes a member name and its colon; the member's value comes next. O(length).
    @inlinable
    public mutating func key(_ name: StaticString) {
        _check { $0.key() }
        _beginValue()
        _appendQuoted(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: ":"))
        _needsComma = false
    }

    /// Writes a member name and its colon; the member's value comes next. O(length).
    ///
    /// Disfavoured so that a literal name (`key("deletes")`) takes the `StaticString` form,
    /// which reads the name's bytes where they lie: through a `String`, each of a changeset's
    /// member names would be bridged and measured at run time.
    @inlinable
    @_disfavoredOverload
    public mutating func key(_ name: String) {
        _check { $0.key() }
        _beginValue()
        var name = name
        name.withUTF8 { _appendQuoted(UnsafeRawBufferPointer($0)) }
        bytes.append(UInt8(ascii: ":"))
        _needsComma = false
    }

    /// Writes a member name given as UTF-8 bytes and its colon. O(length).
    @inlinable
    public mutating func key(utf8 name: UnsafeRawBufferPointer) {
        _check { $0.key() }
        _beginValue()
        _appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        _needsComma = false
    }

    /// Writes a string value, escaped. O(length).
    @inlinable
    public mutating func string(_ value: String) {
        _check { $0.value() }
        _beginValue()
        var value = value
        value.withUTF8 { _appendQuoted(UnsafeRawBufferPointer($0)) }
        _needsComma = true
    }

    /// Writes a string value given as UTF-8 bytes (e.g. a ``JSONString``'s), escaped.
    /// O(length).
    @inlinable
    public mutating func string(utf8 value: UnsafeRawBufferPointer) {
        _check { $0.value() }
        _beginValue()
        _appendQuoted(value)
        _needsComma = true
    }

    /// Writes `true` or `false`. O(1) amortized.
    @inlinable
    public mutating func bool(_ value: Bool) {
        _check { $0.value() }
        _beginValue()
        _appendASCII(value ? "true" : "false")
        _needsComma = true
    }

    /// Writes `null`. O(1) amortized.
    @inlinable
    public mutating func null() {
        _check { $0.value() }
        _beginValue()
        _appendASCII("null")
        _needsComma = true
    }

    /// Writes an integer in decimal. O(digits).
    @inlinable
    public mutating func int(_ value: Int) {
        _check { $0.value() }
        _beginValue()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maxDecimalBytes) { digits in
            let count = Self.writeDecimal(value, to: digits.baseAddress.unsafelyUnwrapped)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[0..<count]))
        }
        _needsComma = true
    }

    /// Writes already valid JSON as one value, e.g. content captured by
    /// ``JSONReader/captureValue()``: `writer.raw(UnsafeRawBufferPointer(rebasing: input[captured.range]))`.
    /// The bytes are not checked. O(length).
    @inlinable
    public mutating func raw(_ json: UnsafeRawBufferPointer) {
        _check { $0.value() }
        _beginValue()
        _append(json)
        _needsComma = true
    }

    /// Whether the output is one whole JSON value: something was written and every container
    /// opened was closed. Known in debug builds only; release builds answer true. O(1).
    public var isComplete: Bool {
        #if DEBUG
        _structure.isComplete
        #else
        true
        #endif
    }

    /// Checks a call against the structure so far (debug builds only): `step` answers what is
    /// wrong with it, or nil.
    @inlinable
    @inline(__always)
    mutating func _check(_ step: (inout _JSONStructure) -> String?) {
        #if DEBUG
        if let problem = step(&_structure) { preconditionFailure("JSONWriter: \(problem) after \(bytes.count) bytes") }
        #endif
    }

    @inlinable
    @inline(__always)
    mutating func _beginValue() {
        if _needsComma {
            bytes.append(UInt8(ascii: ","))
        }
    }

    @inlinable
    mutating func _appendASCII(_ text: StaticString) {
        _append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `raw` in one copy: appended as typed bytes, not as the raw buffer, which goes
    /// through the standard library's generic path on every call.
    @inlinable
    mutating func _append(_ raw: UnsafeRawBufferPointer) {
        raw.withMemoryRebound(to: UInt8.self) { bytes.append(contentsOf: $0) }
    }
}
