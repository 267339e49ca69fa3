/// Parses one `field-name ":" OWS field-value OWS` line (RFC 9112 §5).
enum HeaderLineParsing {
    /// Rejects a space before the colon, obs-fold continuation lines (they start with a space,
    /// which is no token byte) and control bytes in the value. Returns the field's name and
    /// value (within `line`'s memory) and, when its name is one that frames the body, which
    /// (``FramingFields/Name``).
    static func field(
        _ line: UnsafeRawBufferPointer.SubSequence, lineNumber: Int, isTrailer: Bool
    ) throws(HTTPParseError) -> (
        name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, framing: FramingFields.Name?
    ) {
        // Built only for an error: formatting it for every line cost more than parsing the line.
        func place() -> String { "\(isTrailer ? "trailer" : "header") line \(lineNumber)" }
        // Indexed as a buffer of its own: a slice's subscript checks its bounds at every byte.
        let bytes = UnsafeRawBufferPointer(rebasing: line)
        var colon = 0
        while colon < bytes.count, HTTPBytes.isToken(bytes[colon]) { colon += 1 }
        guard colon > 0, colon < bytes.count, bytes[colon] == HTTPBytes.colon else {
            throw HTTPParseError(
                .badRequest, "\(place()): the name is empty, has a non-token byte, or is not followed directly by ':'")
        }
        var valueStart = colon + 1
        var valueEnd = bytes.count
        while valueStart < valueEnd, bytes[valueStart] == HTTPBytes.space || bytes[valueStart] == HTTPBytes.tab {
            valueStart += 1
        }
        while valueEnd > valueStart, bytes[valueEnd - 1] == HTTPBytes.space || bytes[valueEnd - 1] == HTTPBytes.tab {
            valueEnd -= 1
        }
        let name = UnsafeRawBufferPointer(rebasing: bytes[..<colon])
        let value = UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd])
        for byte in value where !HTTPBytes.isValueByte(byte) {
            throw HTTPParseError(
                .badRequest,
                "\(place()) ('\(String(decoding: name, as: UTF8.self))'): the value contains a control byte")
        }
        return (name, value, FramingFields.Name(name))
    }
}
