/// Verifies JWS compact tokens (RFC 7515) against the server's `--token-keys`: the `kid`
/// picks the key, `alg` must be the one its kind takes, the signature is checked by libcrypto
/// before any claim is read, then the claims' times and audience. Results are cached by token
/// until they expire, so a long poll's next request does not verify again.
final class TokenVerifier: Sendable {
    private enum Key: Sendable {
        case hs256(HMACSHA256Key)
        case ed25519(Ed25519PublicKey)

        /// The JWS `alg` this key verifies.
        var algorithm: String {
            switch self {
            case .hs256: return TokenKey.Kind.hs256.algorithm
            case .ed25519: return TokenKey.Kind.ed25519.algorithm
            }
        }
    }

    private struct OwnedKey: Sendable {
        var key: Key
        var owner: Int
    }

    private let keys: [String: OwnedKey]
    let leeway: Double
    let audience: String?
    let cache: TokenCache
    let outcomes = TokenOutcomeCounts()

    /// Longest token taken, in bytes: more is malformed, whatever it holds.
    static let maxTokenBytes = 8 * 1024

    /// The verifier of `keys`, each owned by the owner `owner(_:)` gives it; a key whose owner
    /// is nil, or that libcrypto cannot load, is left out (the server's options refuse both).
    init(
        keys: [TokenKey], owner: (TokenKey) -> Int?, leeway: Double, audience: String?,
        cacheCapacity: Int = 10_000
    ) {
        var loaded: [String: OwnedKey] = [:]
        for key in keys {
            guard let owner = owner(key) else { continue }
            switch key.kind {
            case .hs256:
                HMACSHA256Key(secret: key.bytes).map { loaded[key.id] = OwnedKey(key: .hs256($0), owner: owner) }
            case .ed25519:
                Ed25519PublicKey(raw: key.bytes).map { loaded[key.id] = OwnedKey(key: .ed25519($0), owner: owner) }
            }
        }
        self.keys = loaded
        self.leeway = leeway
        self.audience = audience
        cache = TokenCache(capacity: cacheCapacity)
    }

    /// Whether a key with the kid `id` was loaded.
    func hasKey(id: String) -> Bool { keys[id] != nil }

    /// Whether `value` (a bearer credential) has the shape of a token: three base64url
    /// segments, separated by two dots. Anything else is an API key. O(value).
    static func looksLikeToken(_ value: Substring) -> Bool {
        var value = value
        return value.withUTF8 { looksLikeToken(bytes: $0) }
    }

    private static func looksLikeToken(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var dots = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                continue
            default: return false
            }
        }
        return dots == 2
    }

    /// What `token` grants at `now` (seconds since 1970) if the cache holds it verified and
    /// current; `/metrics` counts each such hit (a request's token is looked at once: see
    /// ``CallerAuthentication``). O(token).
    func cachedGrants(_ token: Substring, now: Double) -> TokenGrants? {
        guard let grants = cache.grants(for: token, at: now, leeway: leeway) else { return nil }
        outcomes.count(.cached)
        return grants
    }

    /// What `token` grants at `now`, verified now — unless the cache holds it refused and that
    /// still holds. `/metrics` counts every verification by its outcome, and every refusal
    /// answered from the cache. Call after ``cachedGrants(_:now:)`` found nothing.
    func verifiedGrants(_ token: Substring, now: Double) throws(TokenFailure) -> TokenGrants {
        if let failure = cache.refusal(for: token, at: now) {
            outcomes.count(.cachedRefusal)
            throw failure
        }
        do throws(TokenRefusal) {
            let grants = try check(token, now: now)
            cache.insert(grants, for: token, now: now)
            outcomes.count(.valid)
            return grants
        } catch {
            cache.insert(error, for: token, now: now)
            outcomes.count(error.failure.outcome)
            throw error.failure
        }
    }

    /// Verifies `token` without the cache. O(token).
    func verify(_ token: Substring, now: Double) throws(TokenFailure) -> TokenGrants {
        do throws(TokenRefusal) {
            return try check(token, now: now)
        } catch {
            throw error.failure
        }
    }

    /// Verifies `token` at `now`: what it grants, or why it is refused and for how long that
    /// holds. O(token).
    private func check(_ token: Substring, now: Double) throws(TokenRefusal) -> TokenGrants {
        guard token.utf8.count <= Self.maxTokenBytes else {
            throw TokenRefusal(.malformed("it is longer than \(Self.maxTokenBytes) bytes"))
        }
        var token = token
        let signed = token.withUTF8 { verify(bytes: $0) }
        switch signed {
        case .success(let (owner, claims)): return try grants(of: claims, owner: owner, at: now)
        case .failure(let failure): throw TokenRefusal(failure)
        }
    }

    /// The owner and claims of the token `bytes`, its signature checked, or why not: nothing
    /// here depends on the time, so a refusal holds for good. Its segments are cut and decoded
    /// in place: by bytes, not by the Characters a Substring would walk (grapheme breaking cost
    /// more than the rest together).
    private func verify(bytes: UnsafeBufferPointer<UInt8>) -> Result<(Int, TokenClaims), TokenFailure> {
        Result { () throws(TokenFailure) in
            guard let firstDot = bytes.firstIndex(of: UInt8(ascii: ".")),
                let secondDot = bytes[(firstDot + 1)...].firstIndex(of: UInt8(ascii: ".")),
                !bytes[(secondDot + 1)...].contains(UInt8(ascii: "."))
            else { throw .malformed("it is not three base64url segments separated by dots") }
            return try verify(
                header: bytes[..<firstDot], payload: bytes[(firstDot + 1)..<secondDot],
                signature: bytes[(secondDot + 1)...],
                signingInput: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<secondDot])))
        }
    }

    private func verify(
        header headerText: Slice<UnsafeBufferPointer<UInt8>>, payload payloadText: Slice<UnsafeBufferPointer<UInt8>>,
        signature signatureText: Slice<UnsafeBufferPointer<UInt8>>, signingInput: UnsafeRawBufferPointer
    ) throws(TokenFailure) -> (Int, TokenClaims) {
        guard let headerJSON = Base64URL.decode(headerText) else {
            throw .malformed("its header is not unpadded base64url")
        }
        let header = try TokenHeader.parse(headerJSON)
        guard let owned = keys[header.keyID] else { throw .unknownKey }
        guard header.algorithm == owned.key.algorithm else { throw .wrongAlgorithm }
        guard let signature = Base64URL.decode(signatureText) else {
            throw .malformed("its signature is not unpadded base64url")
        }
        let verified: Bool
        switch owned.key {
        case .hs256(let key): verified = key.verify(signature, of: signingInput)
        case .ed25519(let key): verified = key.verify(signature, of: signingInput)
        }
        guard verified else { throw .badSignature }
        guard let payload = Base64URL.decode(payloadText) else {
            throw .malformed("its payload is not unpadded base64url")
        }
        return (owned.owner, try TokenClaims.parse(payload))
    }

    /// What signed `claims` grant at `now`: refused while expired (from `exp` plus the leeway
    /// on) or not valid yet (until `nbf` and `iat` less the leeway, or its expiry if sooner),
    /// and for another audience while neither (the times are checked first).
    private func grants(of claims: TokenClaims, owner: Int, at now: Double) throws(TokenRefusal) -> TokenGrants {
        let expiry = claims.expires + leeway
        guard now < expiry else { throw TokenRefusal(.expired, holds: expiry..<Double.infinity) }
        let validFrom = max(claims.notBefore ?? -Double.infinity, claims.issuedAt ?? -Double.infinity) - leeway
        guard now >= validFrom else {
            throw TokenRefusal(.notYetValid, holds: -Double.infinity..<min(validFrom, expiry))
        }
        if let audience, claims.audiences?.contains(audience) != true {
            throw TokenRefusal(.wrongAudience, holds: validFrom..<expiry)
        }
        return TokenGrants(
            owner: owner, sessions: claims.sessions, scopes: TokenGrants.Scopes(claim: claims.scope),
            expires: claims.expires, notBefore: claims.notBefore)
    }
}
