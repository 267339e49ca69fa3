/// The sink of ``JSONReader/skipValue()``: validation only.
@usableFromInline
internal struct _SkipSink: _ValueSink {
    @inlinable init() {}
    @inlinable func string(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, hasEscapes: Bool) {}
    @inlinable func key(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, hasEscapes: Bool) {}
    @inlinable func number(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) {}
    @inlinable func literal(_ first: UInt8) {}
    @inlinable func beginContainer(isObject: Bool) {}
    @inlinable func endContainer() {}
}
