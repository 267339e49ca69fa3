/// Two independent 64-bit hash lanes.
@usableFromInline
package struct _Lanes: Sendable {
    @usableFromInline package var a: UInt64
    @usableFromInline package var b: UInt64

    @inlinable
    init(a: UInt64, b: UInt64) {
        self.a = a
        self.b = b
    }

    @inlinable
    static var zero: _Lanes { _Lanes(a: 0, b: 0) }
}
