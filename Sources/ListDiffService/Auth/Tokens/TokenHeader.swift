import ListDiffJSON

/// A JWS protected header (RFC 7515 §4): the algorithm and the key id. `crit` is refused
/// (no extension is understood, §4.1.11); other members are ignored.
struct TokenHeader {
    var algorithm: String
    var keyID: String

    /// The header in `json`, or the reason it is not one this server takes.
    static func parse(_ json: [UInt8]) throws(TokenFailure) -> TokenHeader {
        var algorithm: String?
        var keyID: String?
        do {
            try JSONReader.read(json) { (reader) throws(JSONReadError) in
                try reader.beginObject()
                while let member = try reader.nextMember() {
                    switch member {
                    case "alg" where algorithm == nil: algorithm = try reader.readStringValue()
                    case "kid" where keyID == nil: keyID = try reader.readStringValue()
                    case "alg", "kid", "crit": throw reader.error(.schemaViolation, expected: "", found: "")
                    default: try reader.skipValue()
                    }
                }
                try reader.finish()
            }
        } catch {
            throw .malformed("its header is not a JSON object with one alg and one kid string (and no crit)")
        }
        guard let algorithm else { throw .malformed("its header has no alg") }
        guard let keyID else { throw .malformed("its header has no kid") }
        return TokenHeader(algorithm: algorithm, keyID: keyID)
    }
}
