/// Receives the tokens of a value walked by ``JSONReader`` (skip or capture). Specialized
/// per sink, so the no-op sink costs nothing.
@usableFromInline
internal protocol _ValueSink {
    /// A complete string value; contents are `bytes[start..<end]`, still escaped if `hasEscapes`.
    mutating func string(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, hasEscapes: Bool)
    /// An object member name, delivered before its value.
    mutating func key(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, hasEscapes: Bool)
    /// A complete, validated number literal `bytes[start..<end]`.
    mutating func number(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int)
    /// `true`, `false` or `null`, identified by its first byte.
    mutating func literal(_ first: UInt8)
    /// An opening `{` or `[`.
    mutating func beginContainer(isObject: Bool)
    /// The closing bracket of the innermost open container.
    mutating func endContainer()
}
