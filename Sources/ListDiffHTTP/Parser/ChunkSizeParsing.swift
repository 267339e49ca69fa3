/// Parses a chunk-size line `1*HEXDIG [ chunk-ext ]` (RFC 9112 §7.1); extensions are ignored.
enum ChunkSizeParsing {
    /// At most 15 hex digits, so the size fits an Int with room to add.
    static let maxDigits = 15

    static func size(_ line: UnsafeRawBufferPointer.SubSequence, chunkIndexHint bodyBytesSoFar: Int)
        throws(HTTPParseError) -> Int
    {
        var size = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = HTTPBytes.hexValue(line[index]) {
            guard index - line.startIndex < maxDigits else {
                throw HTTPParseError(
                    .contentTooLarge,
                    "chunked body: chunk size after body byte \(bodyBytesSoFar) has more than \(maxDigits) hex digits")
            }
            size = size << 4 | digit
            index += 1
        }
        guard index > line.startIndex else {
            throw HTTPParseError(
                .badRequest, "chunked body: chunk size after body byte \(bodyBytesSoFar) is not a hex number")
        }
        // RFC 9112 §7.1.1 allows whitespace (BWS) only before an extension's ";": a size
        // followed by spaces alone is rejected, as every strict parser must agree on framing.
        let rest = line[index...]
        let afterSpace = rest.drop { $0 == HTTPBytes.space || $0 == HTTPBytes.tab }
        guard afterSpace.isEmpty ? afterSpace.count == rest.count : afterSpace.first == UInt8(ascii: ";") else {
            let what = afterSpace.isEmpty ? "whitespace without an extension" : "something other than an extension"
            throw HTTPParseError(
                .badRequest, "chunked body: chunk size after body byte \(bodyBytesSoFar) is followed by \(what)")
        }
        for byte in rest where !HTTPBytes.isValueByte(byte) {
            throw HTTPParseError(
                .badRequest, "chunked body: chunk extension after body byte \(bodyBytesSoFar) contains a control byte")
        }
        return size
    }
}
