/// The sink of ``JSONReader/captureValue()``: computes the canonical ``ContentFingerprint``
/// of the walked value. Owned by the reader so its buffers are reused between captures.
@usableFromInline
internal struct _Fingerprinter: _ValueSink {
    @usableFromInline var stack: [_FingerprintFrame]
    @usableFromInline var scratch: [UInt8]
    @usableFromInline var seed: _Lanes
    @usableFromInline var last: _Lanes

    @inlinable
    init() {
        stack = []
        scratch = []
        seed = _FingerprintHash.seed
        last = .zero
    }

    /// The fingerprint of the last complete top-level value.
    @inlinable
    var result: ContentFingerprint { ContentFingerprint(low: last.a, high: last.b) }

    /// Forgets any partial state, keeping the buffers' capacity.
    @inlinable
    mutating func reset() {
        stack.removeAll(keepingCapacity: true)
        last = .zero
    }

    @inlinable
    mutating func string(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, hasEscapes: Bool) {
        valueDone(stringHash(bytes, start: start, end: end, hasEscapes: hasEscapes))
    }

    @inlinable
    mutating func key(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, hasEscapes: Bool) {
        let hash = stringHash(bytes, start: start, end: end, hasEscapes: hasEscapes)
        stack[stack.count &- 1].key = hash
    }

    @inlinable
    mutating func number(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) {
        valueDone(_NumberCanonicalizer.hash(bytes, start: start, end: end, seed: seed))
    }

    @inlinable
    mutating func literal(_ first: UInt8) {
        valueDone(
            first == UInt8(ascii: "t")
                ? _FingerprintHash.trueValue
                : first == UInt8(ascii: "f") ? _FingerprintHash.falseValue : _FingerprintHash.nullValue)
    }

    @inlinable
    mutating func beginContainer(isObject: Bool) {
        let start = isObject ? _Lanes.zero : _FingerprintHash.arrayStart
        stack.append(_FingerprintFrame(isObject: isObject, state: start))
    }

    @inlinable
    mutating func endContainer() {
        guard let frame = stack.popLast() else { return }
        let count = _Lanes(a: frame.count, b: frame.count)
        let hash: _Lanes
        if frame.isObject {
            hash = _FingerprintHash.mix(
                _FingerprintHash.mix(
                    _FingerprintHash.objectBase, frame.state, tag: _FingerprintHash.tagObject, seed: seed),
                count, tag: _FingerprintHash.tagObject, seed: seed)
        } else {
            hash = _FingerprintHash.mix(frame.state, count, tag: _FingerprintHash.tagArray, seed: seed)
        }
        valueDone(hash)
    }

    /// Folds a complete value into its container: arrays in order, objects as a sum of
    /// (name, value) member hashes so that member order does not matter.
    @inlinable
    mutating func valueDone(_ hash: _Lanes) {
        let top = stack.count &- 1
        guard top >= 0 else {
            last = hash
            return
        }
        if stack[top].isObject {
            let member = _FingerprintHash.mix(stack[top].key, hash, tag: _FingerprintHash.tagMember, seed: seed)
            stack[top].state.a &+= member.a
            stack[top].state.b &+= member.b
        } else {
            stack[top].state = _FingerprintHash.mix(
                stack[top].state, hash, tag: _FingerprintHash.tagElement, seed: seed)
        }
        stack[top].count &+= 1
    }

    /// The hash of a string's unescaped UTF-8, so escaping does not matter.
    @inlinable
    mutating func stringHash(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, hasEscapes: Bool) -> _Lanes {
        guard hasEscapes else {
            return _FingerprintHash.bytes(bytes, start: start, end: end, tag: _FingerprintHash.tagString, seed: seed)
        }
        scratch.removeAll(keepingCapacity: true)
        _Unescape.append(bytes, from: start, to: end, into: &scratch)
        let seed = self.seed
        return scratch.withUnsafeBytes { buffer in
            _FingerprintHash.bytes(buffer, start: 0, end: buffer.count, tag: _FingerprintHash.tagString, seed: seed)
        }
    }
}
