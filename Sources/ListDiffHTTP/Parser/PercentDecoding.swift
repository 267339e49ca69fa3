/// Percent-decoding of paths and query components (RFC 3986 §2.1).
enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as space if `plusAsSpace`). Returns nil for a broken
    /// escape, a decoded NUL or bytes that are not UTF-8. O(n).
    static func decode(_ bytes: UnsafeRawBufferPointer.SubSequence, plusAsSpace: Bool) -> String? {
        var needsWork = false
        for byte in bytes where byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) {
            needsWork = true
            break
        }
        guard needsWork else { return String(decoding: bytes, as: UTF8.self) }
        var decoded = [UInt8]()
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex,
                    let high = HTTPBytes.hexValue(bytes[index + 1]),
                    let low = HTTPBytes.hexValue(bytes[index + 2])
                else { return nil }
                let value = UInt8(high << 4 | low)
                guard value != 0 else { return nil }
                decoded.append(value)
                index += 3
            } else {
                decoded.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        let string = String(decoding: decoded, as: UTF8.self)
        // Decoding repairs invalid UTF-8; a repaired string no longer matches the bytes.
        return string.utf8.elementsEqual(decoded) ? string : nil
    }

    /// Splits `a=1&b=2` into decoded parameters; nil if any component is badly escaped.
    static func queryParameters(_ bytes: UnsafeRawBufferPointer.SubSequence) -> [HTTPQueryParameter]? {
        var parameters = [HTTPQueryParameter]()
        var start = bytes.startIndex
        while start <= bytes.endIndex {
            var end = start
            while end < bytes.endIndex, bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                let pair = bytes[start..<end]
                var equals = pair.startIndex
                while equals < pair.endIndex, pair[equals] != UInt8(ascii: "=") { equals += 1 }
                guard let name = decode(pair[pair.startIndex..<equals], plusAsSpace: true),
                    let value = decode(pair[min(equals + 1, pair.endIndex)..<pair.endIndex], plusAsSpace: true)
                else { return nil }
                parameters.append(HTTPQueryParameter(name: name, value: value))
            }
            start = end + 1
        }
        return parameters
    }
}
