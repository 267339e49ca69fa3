/// What one look at a presented token came to, as `/metrics` counts it
/// (`listdiff_token_verifications_total{outcome=…}`).
enum TokenOutcome: String, CaseIterable, Sendable {
    /// Verified now (signature and claims).
    case valid
    /// Answered from the verification cache: verified before and not expired.
    case cached
    /// Answered from the cache's refusals: refused before, for a reason that still holds.
    case cachedRefusal = "cached_refusal"
    case malformed
    case unknownKey = "unknown_kid"
    case wrongAlgorithm = "wrong_algorithm"
    case badSignature = "bad_signature"
    case expired
    case notYetValid = "not_yet_valid"
    case wrongAudience = "wrong_audience"
}
