import ListDiffJSON

/// The bytes `body` writes into a fresh writer: how the round-trip tests produce a document.
func written(_ body: (inout JSONWriter) -> Void) -> [UInt8] {
    var writer = JSONWriter()
    body(&writer)
    return writer.bytes
}
