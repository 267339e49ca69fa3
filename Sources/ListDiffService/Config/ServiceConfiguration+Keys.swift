extension ServiceConfiguration {
    /// Why the keys cannot be trusted or are ambiguous, or nil; the server refuses to start on
    /// any. First the API keys' own (``APIKeys/ambiguity(tokensVerified:)``), then each token
    /// key's: a key that would verify forgeries (``TokenKey/defect``), then its owner: with API
    /// keys, every token key must name one of them (by name or number); without, none may name
    /// one. O(keys' bytes).
    public var keyProblem: KeyConfigurationProblem? {
        let keys = APIKeys(apiKeys)
        if let ambiguity = keys.ambiguity(tokensVerified: !tokens.keys.isEmpty) { return ambiguity }
        for key in tokens.keys {
            if let defect = key.defect { return .untrustedTokenKey(kid: key.id, defect) }
            switch (keys.isEnabled, key.owner) {
            case (true, nil):
                return .tokenKeyWithoutOwner(kid: key.id)
            case (true, let owner?) where keys.owner(named: owner) == nil:
                return .tokenKeyWithUnknownOwner(kid: key.id, owner: owner)
            case (false, _?):
                return .tokenKeyOwnerWithoutAPIKeys(kid: key.id)
            default:
                continue
            }
        }
        return nil
    }
}
