import Foundation
import Testing

/// A document ``WireEncoder`` wrote, as the round-trip tests produce one: parsed by Foundation's
/// `JSONSerialization` before a test reads it back with ours (the encoder itself checks it is
/// whole in debug builds, as the tests run).
func written(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
    expectJSON(bytes, sourceLocation: sourceLocation)
    return bytes
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
