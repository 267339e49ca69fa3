/// Why a token was refused: each a 401 `invalid_token` (RFC 6750 §3.1) with its own
/// `error_description` and problem type. Descriptions are fixed text: nothing of the token or
/// its claims is echoed, logged or counted.
enum TokenFailure: Error, Equatable {
    /// Not three base64url segments, a header or payload that is not the JSON expected, or a
    /// required claim missing; the reason is for the problem's detail.
    case malformed(String)
    /// The header's `kid` names no configured key.
    case unknownKey
    /// The header's `alg` is not the one the key's kind takes (`none`, or `HS256` with an
    /// Ed25519 key).
    case wrongAlgorithm
    case badSignature
    case expired
    case notYetValid
    /// `aud` does not name the server's `--token-audience`.
    case wrongAudience

    /// The problem type's name (`urn:listdiff:problem:<name>`).
    var problemName: String {
        switch self {
        case .malformed: return "token-malformed"
        case .unknownKey: return "token-unknown-key"
        case .wrongAlgorithm: return "token-wrong-algorithm"
        case .badSignature: return "token-bad-signature"
        case .expired: return "token-expired"
        case .notYetValid: return "token-not-yet-valid"
        case .wrongAudience: return "token-wrong-audience"
        }
    }

    /// `error_description`: printable ASCII without `"` or `\` (RFC 6750 §3).
    var description: String {
        switch self {
        case .malformed: return "the token is malformed"
        case .unknownKey: return "the token's kid names no key of this server"
        case .wrongAlgorithm: return "the token's alg is not the one its key takes"
        case .badSignature: return "the token's signature is not valid"
        case .expired: return "the token expired"
        case .notYetValid: return "the token is not valid yet"
        case .wrongAudience: return "the token is for another audience"
        }
    }

    var outcome: TokenOutcome {
        switch self {
        case .malformed: return .malformed
        case .unknownKey: return .unknownKey
        case .wrongAlgorithm: return .wrongAlgorithm
        case .badSignature: return .badSignature
        case .expired: return .expired
        case .notYetValid: return .notYetValid
        case .wrongAudience: return .wrongAudience
        }
    }

    var problem: ServiceProblem {
        var detail = description
        if case .malformed(let reason) = self { detail += ": " + reason }
        var problem = ServiceProblem(401, problemName, title: "Invalid token", detail: detail)
        problem.headers.append(
            name: "WWW-Authenticate",
            value: "Bearer realm=\"listdiff\", error=\"invalid_token\", error_description=\"\(description)\"")
        return problem
    }
}
