/// Line and column of a byte offset, computed only when an error is built (cold path).
@usableFromInline
internal enum _TextPosition {
    /// The 1-based line and column (in Unicode scalars) of `offset`. O(offset).
    @usableFromInline
    static func of(offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        let end = min(offset, bytes.count)
        var index = 0
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}
