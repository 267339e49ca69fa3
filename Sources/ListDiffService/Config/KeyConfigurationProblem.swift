/// Why the server's keys (`--api-keys`, `--token-keys`) cannot be trusted or do not say one
/// thing: the server refuses to start with any. The text names token keys by kid, never a
/// key's bytes.
public enum KeyConfigurationProblem: Error, Equatable, CustomStringConvertible {
    /// A token key that would verify forgeries or is no key at all.
    case untrustedTokenKey(kid: String, TokenKey.Defect)
    /// With `--api-keys`, a token key without `:<owner>`.
    case tokenKeyWithoutOwner(kid: String)
    /// A token key whose `:<owner>` is no API key's name or number.
    case tokenKeyWithUnknownOwner(kid: String, owner: String)
    /// A token key with `:<owner>` on a server without API keys.
    case tokenKeyOwnerWithoutAPIKeys(kid: String)

    public var description: String {
        switch self {
        case .untrustedTokenKey(let kid, let defect):
            return "--token-keys: key '\(kid)' is \(defect)"
        case .tokenKeyWithoutOwner(let kid):
            return "--token-keys: key '\(kid)' names no owner; with --api-keys each token key ends with :<owner>"
        case .tokenKeyWithUnknownOwner(let kid, let owner):
            return "--token-keys: key '\(kid)' names owner '\(owner)', which is no API key's name or number"
        case .tokenKeyOwnerWithoutAPIKeys(let kid):
            return "--token-keys: key '\(kid)' names an owner, but there are no --api-keys to own it"
        }
    }
}
