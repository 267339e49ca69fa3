/// Parses one `field-name ":" OWS field-value OWS` line (RFC 9112 §5).
enum HeaderLineParsing {
    /// Rejects a space before the colon, obs-fold continuation lines (they start with a space,
    /// which is no token byte) and control bytes in the value.
    static func field(
        _ line: UnsafeRawBufferPointer.SubSequence, lineNumber: Int, isTrailer: Bool
    ) throws(HTTPParseError) -> HTTPHeaderField {
        // Built only for an error: formatting it for every line cost more than parsing the line.
        func place() -> String { "\(isTrailer ? "trailer" : "header") line \(lineNumber)" }
        var colon = line.startIndex
        while colon < line.endIndex, HTTPBytes.isToken(line[colon]) { colon += 1 }
        guard colon > line.startIndex, colon < line.endIndex, line[colon] == HTTPBytes.colon else {
            throw HTTPParseError(
                .badRequest, "\(place()): the name is empty, has a non-token byte, or is not followed directly by ':'")
        }
        let value = HTTPBytes.trimmed(line[(colon + 1)...])
        for byte in value where !HTTPBytes.isValueByte(byte) {
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            throw HTTPParseError(.badRequest, "\(place()) ('\(name)'): the value contains a control byte")
        }
        return HTTPHeaderField(
            name: String(decoding: line[line.startIndex..<colon], as: UTF8.self),
            value: String(decoding: value, as: UTF8.self)
        )
    }
}
