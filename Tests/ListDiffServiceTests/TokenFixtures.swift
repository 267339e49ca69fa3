import ListDiffTestSupport

@testable import ListDiffService

/// The keys and the service configuration the token tests share: two tenants with named API
/// keys; tenant-a owns an HS256 and an Ed25519 token key, tenant-b (by number) one HS256 key.
enum TokenFixtures {
    /// base64 of 32 × "k" and 32 × "b".
    static let secretA = "a2tra2tra2tra2tra2tra2tra2tra2tra2tra2tra2s="
    static let secretB = "YmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmI="
    /// The Ed25519 key pair of RFC 8037 appendix A.1 (base64url).
    static let edPrivate = "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"
    static let edPublic = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"
    static let audience = "listdiff-test"

    static var configuration: ServiceConfiguration {
        ServiceConfiguration(
            apiKeys: ["tenant-a=alpha-key", "tenant-b=beta-key"],
            tokens: TokenConfiguration(
                keys: TokenKey.list(
                    "a-hs:hs256:\(secretA):tenant-a,a-ed:ed25519:\(edPublic):tenant-a,b-hs:hs256:\(secretB):2") ?? [],
                audience: audience))
    }

    static let alpha = [("Authorization", "Bearer alpha-key")]
    static let beta = [("Authorization", "Bearer beta-key")]

    static func bearer(_ token: String) -> [(String, String)] { [("Authorization", "Bearer \(token)")] }

    /// Claims valid for five minutes, for this audience, with `extra` members after them.
    static func claims(sessions: String, scope: String, _ extra: String = "") -> String {
        #""exp": \#(TokenMinter.now + 300), "aud": "\#(audience)", "sessions": [\#(sessions)], "scope": "\#(scope)""#
            + (extra.isEmpty ? "" : ", " + extra)
    }

    /// A tenant-a HS256 token.
    static func tokenA(sessions: String = #""user-42-*""#, scope: String = "read", _ extra: String = "") throws
        -> String
    {
        try TokenMinter.mint(kid: "a-hs", secret: secretA, claims(sessions: sessions, scope: scope, extra))
    }

    /// A tenant-a EdDSA token with its real kid and a signature no key made (R and S zero).
    static func forgedEdDSA() throws -> String {
        let valid = try TokenMinter.mint(kid: "a-ed", private: edPrivate, claims(sessions: #""*""#, scope: "read"))
        return valid.split(separator: ".")[0...1].joined(separator: ".") + "." + String(repeating: "A", count: 86)
    }

    /// The WWW-Authenticate field and the problem type of a refusal.
    static func refusal(_ response: RawClient.Response) throws -> (status: Int, challenge: String, type: String) {
        (response.status, response.header("WWW-Authenticate") ?? "", try response.json()["type"] as? String ?? "")
    }
}
