import Foundation
import ListDiffJSON
import Testing

/// The bytes `body` writes into a fresh writer: how the round-trip tests produce a document.
/// Every document is checked whole (the writer's own structure check, which debug builds keep)
/// and parsed by Foundation's `JSONSerialization` before a test reads it back with ours.
func written(_ body: (inout JSONWriter) -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
    var writer = JSONWriter()
    body(&writer)
    #expect(writer.isComplete, "the writer left a container open", sourceLocation: sourceLocation)
    expectJSON(writer.bytes, sourceLocation: sourceLocation)
    return writer.bytes
}

/// Records an issue unless Foundation's parser reads `bytes` as one JSON value.
func expectJSON(
    _ bytes: [UInt8], _ context: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        _ = try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
    } catch {
        Issue.record(
            "\(context()) not JSON (\(error)): \(String(decoding: bytes, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }
}
