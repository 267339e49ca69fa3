/// Two independent 64-bit hash lanes.
@usableFromInline
struct _Lanes: Sendable {
    @usableFromInline var a: UInt64
    @usableFromInline var b: UInt64

    @inlinable
    init(a: UInt64, b: UInt64) {
        self.a = a
        self.b = b
    }

    @inlinable
    static var zero: _Lanes { _Lanes(a: 0, b: 0) }
}
