/// A failure to read JSON: malformed syntax, a limit exceeded, or (for schema decoders built on
/// ``JSONReader``) a value of the wrong shape.
///
/// Every error names where it happened: the byte `offset` into the input, the 1-based `line`
/// and `column` (columns count Unicode scalars, computed once when the error is built), and
/// the RFC 6901 `pointer` of the element being read.
public struct JSONReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public var kind: Kind
    /// The byte offset of the offending byte (or of the end of input) from the start of input.
    public var offset: Int
    /// The 1-based line of `offset`; lines are separated by `\n`.
    public var line: Int
    /// The 1-based column of `offset`, counted in Unicode scalars from the start of its line.
    public var column: Int
    /// The JSON Pointer of the element being read when the error happened.
    public var pointer: JSONPointer
    /// What the reader (or the schema) expected at this point, e.g. `"',' or ']'"`.
    public var expected: String
    /// What was found instead, e.g. `"'}'"`, `"end of input"` or `"a string"`.
    public var found: String
    /// The repeated identifiers, when the error is a snapshot's duplicates (the first few).
    public var duplicates: [String] = []

    /// Creates an error. Prefer ``JSONReader/error(_:expected:found:)`` from decoders, which fills
    /// in the position and pointer. O(1).
    public init(
        kind: Kind, offset: Int, line: Int, column: Int, pointer: JSONPointer,
        expected: String, found: String
    ) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.pointer = pointer
        self.expected = expected
        self.found = found
    }

    /// A sentence a person can act on, e.g.
    /// `Invalid JSON at line 1, column 42 (byte 41), at /new/sections/0/items/3: expected ',' or ']' after an array element, found '}'.`
    public var description: String {
        let location = pointer.tokens.isEmpty ? "the document root" : pointer.description
        return "\(kind.summary) at line \(line), column \(column) (byte \(offset)), at \(location): "
            + "expected \(expected), found \(found)."
    }
}
