import ListDiffJSON

/// A token's claims (RFC 7519 §4.1, and this service's `sessions` and `scope`), read from its
/// verified payload. Each known claim may appear once; other claims are ignored.
struct TokenClaims {
    var expires: Double
    var notBefore: Double?
    var issuedAt: Double?
    /// `aud`, a string or an array of strings; nil when absent.
    var audiences: [String]?
    var sessions: [String] = []
    var scope: Substring = ""

    /// The claims in `json`, or the reason they are not ones this server takes.
    static func parse(_ json: [UInt8]) throws(TokenFailure) -> TokenClaims {
        var expires: Double?
        var claims = TokenClaims(expires: 0)
        var seen: Set<String> = []
        do {
            try JSONReader.read(json) { (reader) throws(JSONReadError) in
                try reader.beginObject()
                while let member = try reader.nextMember() {
                    let name = member.string
                    guard seen.insert(name).inserted else {
                        throw reader.error(.schemaViolation, expected: "", found: "")
                    }
                    switch name {
                    case "exp": expires = try numericDate(&reader)
                    case "nbf": claims.notBefore = try numericDate(&reader)
                    case "iat": claims.issuedAt = try numericDate(&reader)
                    case "aud": claims.audiences = try strings(&reader, orOne: true)
                    case "sub": _ = try reader.readString()
                    case "sessions": claims.sessions = try strings(&reader, orOne: false)
                    case "scope": claims.scope = Substring(try reader.readStringValue())
                    default: try reader.skipValue()
                    }
                }
                try reader.finish()
            }
        } catch {
            throw .malformed(
                "its payload is not a JSON object of claims, each once (exp, nbf, iat: numbers; aud: a string or strings; sub, scope: strings; sessions: strings)"
            )
        }
        guard let expires else { throw .malformed("it has no exp claim: every token must expire") }
        claims.expires = expires
        guard claims.sessions.allSatisfy(Self.isSessionPattern) else {
            throw .malformed("a sessions entry is neither a session name nor a name prefix followed by one *")
        }
        return claims
    }

    /// `*`, a session name, or a name prefix followed by `*`.
    static func isSessionPattern(_ pattern: String) -> Bool {
        guard pattern != "*" else { return true }
        return NameRules.isValid(pattern.last == "*" ? String(pattern.dropLast()) : pattern)
    }

    private static func numericDate(_ reader: inout JSONReader) throws(JSONReadError) -> Double {
        let literal = String(decoding: try reader.readNumberBytes(), as: UTF8.self)
        guard let seconds = Double(literal), seconds.isFinite else {
            throw reader.error(.schemaViolation, expected: "", found: "")
        }
        return seconds
    }

    private static func strings(_ reader: inout JSONReader, orOne: Bool) throws(JSONReadError) -> [String] {
        if orOne, try reader.peekKind() == .string { return [try reader.readStringValue()] }
        var values: [String] = []
        try reader.beginArray()
        while try reader.hasNextElement() { values.append(try reader.readStringValue()) }
        return values
    }
}
