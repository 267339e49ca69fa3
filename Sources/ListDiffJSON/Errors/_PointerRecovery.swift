/// Recovers the JSON Pointer of an error that happened inside a value the reader skipped or
/// captured without tracking a path (cold path: runs only when such an error is built).
///
/// The bytes from `start` to the error offset are well-formed JSON up to the error, so a
/// lenient walk that follows brackets, commas and member names finds the innermost element.
internal enum _PointerRecovery {
    private struct Level {
        var isObject: Bool
        var index: Int
        var key: Range<Int>?
    }

    /// The tokens leading from the value at `start` to the element containing `end`.
    /// O(end - start).
    static func tokens(in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> [String] {
        var levels: [Level] = []
        var expectingKey = false
        var index = start
        let limit = min(end, bytes.count)
        while index < limit {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                levels.append(Level(isObject: true, index: 0, key: nil))
                expectingKey = true
            case UInt8(ascii: "["):
                levels.append(Level(isObject: false, index: 0, key: nil))
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !levels.isEmpty { levels.removeLast() }
                expectingKey = false
            case UInt8(ascii: ","):
                if let last = levels.indices.last {
                    if levels[last].isObject {
                        levels[last].key = nil
                        expectingKey = true
                    } else {
                        levels[last].index += 1
                    }
                }
            case UInt8(ascii: "\""):
                var close = index + 1
                while close < limit, bytes[close] != UInt8(ascii: "\"") {
                    close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
                }
                if expectingKey, close < limit, let last = levels.indices.last, levels[last].isObject {
                    levels[last].key = (index + 1)..<close
                    expectingKey = false
                }
                index = close
            default:
                break
            }
            index += 1
        }
        var result: [String] = []
        for level in levels {
            if level.isObject {
                guard let key = level.key else { break }
                result.append(_Unescape.string(bytes, from: key.lowerBound, to: key.upperBound))
            } else {
                result.append(String(level.index))
            }
        }
        return result
    }
}
