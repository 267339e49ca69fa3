/// Optional API keys, `key` or `name=key`. Each key's position (from 1) is the owner whose
/// sessions its requests see; a name lets a token key (`--token-keys …:<owner>`) name that
/// owner. An entry is named when its first `=` has a name before it (a session name: A-Z a-z 0-9 . _ ~ -) and is
/// followed by something other than `=`, so base64 keys, whose `=` are trailing padding, stay
/// unnamed. The server refuses entries that would be ambiguous (``ambiguity(tokensVerified:)``).
struct APIKeys: Sendable {
    private let keys: [[UInt8]]
    private let names: [String?]

    init(_ entries: [String]) {
        let parsed = entries.filter { !$0.isEmpty }.map(Self.split)
        keys = parsed.map { Array($0.key.utf8) }
        names = parsed.map(\.name)
    }

    var isEnabled: Bool { !keys.isEmpty }

    /// The owner of the presented key (from 1), or nil. Compares with every key, each in
    /// constant time, so the time taken does not tell which key was nearly right.
    func owner(presenting presented: [UInt8]) -> Int? {
        var owner = 0
        for (index, key) in keys.enumerated() where Self.constantTimeEqual(key, presented) {
            owner = index + 1
        }
        return owner > 0 ? owner : nil
    }

    /// The owner a token key's `:<owner>` names: a key's name, or its number from 1.
    func owner(named reference: String) -> Int? {
        if let index = names.firstIndex(where: { $0 == reference }) { return index + 1 }
        guard let number = Int(reference), (1...keys.count).contains(number) else { return nil }
        return number
    }

    /// Why these entries do not say one thing, or nil: two with one key or one name, a name made
    /// only of digits (``owner(named:)`` reads a number as a position), or, when
    /// `tokensVerified`, a key shaped like a token, which ``Credentials`` would verify as one
    /// and never compare. O(keys' bytes).
    func ambiguity(tokensVerified: Bool) -> KeyConfigurationProblem? {
        var positionOfKey: [[UInt8]: Int] = [:]
        var positionOfName: [String: Int] = [:]
        for (index, key) in keys.enumerated() {
            let entry = KeyConfigurationProblem.Entry(position: index + 1, name: names[index])
            if let name = names[index] {
                if name.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                    return .numericAPIKeyName(entry)
                }
                if let earlier = positionOfName[name] {
                    return .repeatedAPIKeyName(name, first: earlier, second: entry.position)
                }
                positionOfName[name] = entry.position
            }
            if let earlier = positionOfKey[key] {
                return .repeatedAPIKey(.init(position: earlier, name: names[earlier - 1]), entry)
            }
            positionOfKey[key] = entry.position
            if tokensVerified, TokenVerifier.looksLikeToken(String(decoding: key, as: UTF8.self)[...]) {
                return .tokenShapedAPIKey(entry)
            }
        }
        return nil
    }

    /// Compares every byte of the longer input, so the time taken does not tell how much of a
    /// guess was right.
    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count) | (lhs.count == rhs.count ? 0 : 1)
        for index in 0..<max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }

    /// `name=key` as its name and key; anything else as an unnamed key.
    static func split(_ entry: String) -> (name: String?, key: String) {
        guard let equals = entry.firstIndex(of: "=") else { return (nil, entry) }
        let name = entry[..<equals]
        let key = entry[entry.index(after: equals)...]
        guard !name.isEmpty, !key.isEmpty, key.first != "=", NameRules.isValid(String(name)) else {
            return (nil, entry)
        }
        return (String(name), String(key))
    }
}
