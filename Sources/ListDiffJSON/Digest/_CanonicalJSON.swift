/// Writes a walked JSON value in the canonical form the snapshot digest hashes: no
/// whitespace; strings unescaped and written again with the writer's minimal escaping; numbers
/// as their exact decimal value (`0`, or an optional `-`, the significant digits without
/// leading or trailing zeros, and `e<exponent>` when the exponent is not 0); object members
/// sorted by their canonical key bytes, then by their canonical value bytes; arrays in order.
/// So every spelling that has one ``ContentFingerprint`` has one canonical form.
struct _CanonicalJSON: _ValueSink {
    private struct Frame {
        var isObject: Bool
        var elements: [[UInt8]] = []
        var pendingKey: [UInt8] = []
        var members: [(key: [UInt8], value: [UInt8])] = []
    }

    private var stack: [Frame] = []
    private(set) var result: [UInt8] = []

    mutating func string(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, hasEscapes: Bool) {
        emit(Self.quoted(bytes, start: start, end: end, hasEscapes: hasEscapes))
    }

    mutating func key(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, hasEscapes: Bool) {
        stack[stack.count - 1].pendingKey = Self.quoted(bytes, start: start, end: end, hasEscapes: hasEscapes)
    }

    mutating func number(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) {
        emit(Self.canonicalNumber(bytes, start: start, end: end))
    }

    mutating func literal(_ first: UInt8) {
        switch first {
        case UInt8(ascii: "t"): emit(Array("true".utf8))
        case UInt8(ascii: "f"): emit(Array("false".utf8))
        default: emit(Array("null".utf8))
        }
    }

    mutating func beginContainer(isObject: Bool) {
        stack.append(Frame(isObject: isObject))
    }

    mutating func endContainer() {
        guard let frame = stack.popLast() else { return }
        var bytes: [UInt8] = [frame.isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")]
        if frame.isObject {
            let members = frame.members.sorted { $0.key == $1.key ? $0.value.lexicographicallyPrecedes($1.value) : $0.key.lexicographicallyPrecedes($1.key) }
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: member.key)
                bytes.append(UInt8(ascii: ":"))
                bytes.append(contentsOf: member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        } else {
            for (index, element) in frame.elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: element)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        emit(bytes)
    }

    private mutating func emit(_ bytes: [UInt8]) {
        guard !stack.isEmpty else {
            result = bytes
            return
        }
        let top = stack.count - 1
        if stack[top].isObject {
            stack[top].members.append((stack[top].pendingKey, bytes))
        } else {
            stack[top].elements.append(bytes)
        }
    }

    private static func quoted(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int, hasEscapes: Bool) -> [UInt8] {
        var writer = JSONWriter()
        if hasEscapes {
            var unescaped: [UInt8] = []
            _Unescape.append(bytes, from: start, to: end, into: &unescaped)
            unescaped.withUnsafeBytes { writer.string(utf8: $0) }
        } else {
            writer.string(utf8: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        }
        return writer.bytes
    }

    /// `digits × 10^exponent`, written as described above. O(length).
    static func canonicalNumber(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) -> [UInt8] {
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var inFraction = false
        var exponent = 0
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte | 0x20 == UInt8(ascii: "e") {
                exponent = _NumberCanonicalizer.parseExponent(bytes, from: index + 1, to: end)
                break
            } else {
                digits.append(byte)
                if inFraction { fractionDigits += 1 }
            }
            index += 1
        }
        let leading = digits.firstIndex { $0 != UInt8(ascii: "0") } ?? digits.count
        guard leading < digits.count else { return [UInt8(ascii: "0")] }
        var last = digits.count - 1
        while digits[last] == UInt8(ascii: "0") { last -= 1 }
        let trailingZeros = digits.count - 1 - last
        let scale = exponent - fractionDigits + trailingZeros
        var output: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        output.append(contentsOf: digits[leading...last])
        if scale != 0 {
            output.append(UInt8(ascii: "e"))
            output.append(contentsOf: String(scale).utf8)
        }
        return output
    }
}
