/// Whole-document validation: one JSON value, then only whitespace.
public enum JSONValidator {
    /// Validates that `bytes` is exactly one RFC 8259 JSON text within `options`' limits.
    /// O(n), no allocation beyond the reader's fixed setup.
    @inlinable
    public static func validate(_ bytes: UnsafeRawBufferPointer, options: JSONReadOptions = JSONReadOptions())
        throws(JSONReadError)
    {
        var reader = try JSONReader(bytes: bytes, options: options)
        try reader.skipValue()
        try reader.finish()
    }

    /// Validates that `bytes` is exactly one RFC 8259 JSON text within `options`' limits. O(n).
    @inlinable
    public static func validate(_ bytes: [UInt8], options: JSONReadOptions = JSONReadOptions()) throws(JSONReadError) {
        try JSONReader.read(bytes, options: options) { (reader) throws(JSONReadError) in
            try reader.skipValue()
            try reader.finish()
        }
    }
}
