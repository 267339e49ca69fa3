/// Why the server's keys (`--api-keys`, `--token-keys`) cannot be trusted or do not say one
/// thing: the server refuses to start with any. The text names entries by their position and
/// name and token keys by kid, never a key's bytes.
public enum KeyConfigurationProblem: Error, Equatable, CustomStringConvertible {
    /// An `--api-keys` entry: its position from 1 and its name, if it has one.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        public var position: Int
        public var name: String?

        public var description: String { "\(position)" + (name.map { " ('\($0)')" } ?? "") }
    }

    /// Two entries hold the same key: requests with it would act as the later one, and the
    /// earlier one's sessions (and its tokens') would be reached by no key.
    case repeatedAPIKey(Entry, Entry)
    /// Two entries have the same name: `--token-keys …:<name>` could mean either.
    case repeatedAPIKeyName(String, first: Int, second: Int)
    /// A name made only of digits, which `--token-keys …:<owner>` would also read as a number.
    case numericAPIKeyName(Entry)
    /// With `--token-keys`, an API key of three base64url segments would be verified as a token
    /// and never compared as a key.
    case tokenShapedAPIKey(Entry)
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
        case .repeatedAPIKey(let first, let second):
            return
                "--api-keys: entries \(first) and \(second) hold the same key; one key can stand for one owner only, so each entry needs a key of its own"
        case .repeatedAPIKeyName(let name, let first, let second):
            return "--api-keys: entries \(first) and \(second) are both named '\(name)'; each name may be given once"
        case .numericAPIKeyName(let entry):
            return
                "--api-keys: entry \(entry) has a name made only of digits, which --token-keys' :<owner> would also read as an entry's number; give it a name with a character other than a digit"
        case .tokenShapedAPIKey(let entry):
            return
                "--api-keys: the key of entry \(entry) has the shape of a token (three base64url segments separated by dots); with --token-keys it would be verified as a token, never matched as a key; choose a key without two dots"
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
