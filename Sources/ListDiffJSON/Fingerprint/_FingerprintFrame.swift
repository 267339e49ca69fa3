/// One open container while fingerprinting: an array's running hash or an object's
/// order-independent sum of member hashes.
@usableFromInline
internal struct _FingerprintFrame {
    @usableFromInline var isObject: Bool
    @usableFromInline var count: UInt64
    @usableFromInline var state: _Lanes
    @usableFromInline var key: _Lanes

    @inlinable
    init(isObject: Bool, state: _Lanes) {
        self.isObject = isObject
        self.count = 0
        self.state = state
        self.key = .zero
    }
}
