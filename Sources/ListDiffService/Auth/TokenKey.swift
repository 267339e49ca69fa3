import Foundation

/// A key that verifies tokens (`--token-keys`): `kid:hs256:<base64 secret>` or
/// `kid:ed25519:<base64 public key>`, followed by `:<owner>` (an API key's name, or its number
/// from 1) when the server has API keys. The token's `kid` header picks the key, so keys
/// rotate by listing the old and the new one; the key, never the token, decides whose sessions
/// a token reaches.
public struct TokenKey: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// HMAC-SHA256 with a shared secret (JWS `alg` `HS256`).
        case hs256
        /// Ed25519 signatures (JWS `alg` `EdDSA`): the server holds only the public key.
        case ed25519

        /// The JWS `alg` a token verified by a key of this kind must name.
        var algorithm: String { self == .hs256 ? "HS256" : "EdDSA" }
    }

    /// Why a key of the right length cannot be trusted: the server refuses to start with it.
    public enum Defect: Sendable, Equatable, CustomStringConvertible {
        /// An Ed25519 public key of order 1, 2, 4 or 8 (under any encoding): signatures made
        /// without its private key verify.
        case smallOrder
        /// An Ed25519 public key whose y is not below 2^255 - 19.
        case nonCanonical
        /// 32 bytes that decode to no point of the Ed25519 curve.
        case notAPoint

        public var description: String {
            switch self {
            case .smallOrder: return "an Ed25519 public key of small order (it would accept forged tokens)"
            case .nonCanonical: return "not a canonical Ed25519 public key (its y is not below 2^255 - 19)"
            case .notAPoint: return "not an Ed25519 public key (its 32 bytes decode to no point of the curve)"
            }
        }
    }

    public var id: String
    public var kind: Kind
    public var bytes: [UInt8]
    /// The API key owner named after the key material, if any.
    public var owner: String?

    /// Shortest HS256 secret: RFC 7518 §3.2 requires a key at least as long as the hash.
    public static let minimumSecretBytes = 32

    /// Why this key cannot be trusted, or nil: an Ed25519 key of small order, not canonical, or
    /// no point (``Ed25519PointCheck``); an HS256 secret has none.
    public var defect: Defect? {
        kind == .ed25519 ? Ed25519PointCheck.defect(ofPublicKey: bytes) : nil
    }

    public init(id: String, kind: Kind, bytes: [UInt8], owner: String? = nil) {
        self.id = id
        self.kind = kind
        self.bytes = bytes
        self.owner = owner
    }

    /// One `--token-keys` entry, or nil if it is malformed: a kid of 1 to 64 characters of
    /// A-Z a-z 0-9 . _ -, a kind, key bytes in base64 (standard or URL-safe, padded or not) of
    /// the right size for the kind, and an optional non-empty owner.
    public init?(parsing entry: String) {
        let parts = entry.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 || parts.count == 4, let kind = Kind(rawValue: parts[1].lowercased()),
            !parts[0].isEmpty, parts[0].count <= 64,
            parts[0].utf8.allSatisfy({ Self.isKidCharacter($0) }),
            let bytes = Self.base64(parts[2])
        else { return nil }
        switch kind {
        case .hs256: guard bytes.count >= Self.minimumSecretBytes else { return nil }
        case .ed25519: guard bytes.count == Ed25519PublicKey.keyBytes else { return nil }
        }
        if parts.count == 4, parts[3].isEmpty { return nil }
        self.init(id: parts[0], kind: kind, bytes: bytes, owner: parts.count == 4 ? parts[3] : nil)
    }

    /// A comma-separated `--token-keys` list; nil if any entry is malformed or two share a kid.
    public static func list(_ text: String) -> [TokenKey]? {
        var keys: [TokenKey] = []
        for entry in text.split(separator: ",") where !entry.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let key = TokenKey(parsing: entry.trimmingCharacters(in: .whitespaces)),
                !keys.contains(where: { $0.id == key.id })
            else { return nil }
            keys.append(key)
        }
        return keys.isEmpty ? nil : keys
    }

    private static func isKidCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private static func base64(_ text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard).map { [UInt8]($0) }
    }
}
