/// What a verified token lets its bearer do: the owner whose sessions it reaches (decided by
/// the key that verified it), which of them, and with which scopes, until when.
struct TokenGrants: Sendable, Equatable {
    struct Scopes: OptionSet, Sendable, Equatable {
        let rawValue: UInt8
        /// GET snapshots, listings, changes and long polls.
        static let read = Scopes(rawValue: 1)
        /// PUT, operations, DELETE of snapshots; implies read.
        static let write = Scopes(rawValue: 2)
        /// `POST /v1/diff`.
        static let diff = Scopes(rawValue: 4)

        /// The scopes a `scope` claim (space-separated, RFC 8693 §4.2) names; unknown words
        /// grant nothing.
        init(claim: Substring) {
            var scopes: Scopes = []
            for word in claim.split(separator: " ") {
                switch word {
                case "read": scopes.insert(.read)
                case "write": scopes.formUnion([.read, .write])
                case "diff": scopes.insert(.diff)
                default: break
                }
            }
            self = scopes
        }

        init(rawValue: UInt8) { self.rawValue = rawValue }
    }

    var owner: Int
    /// Session names, or prefixes ending in `*` (`*` alone: every session of the owner).
    var sessions: [String]
    var scopes: Scopes
    /// `exp`, and `nbf` if given, in seconds since 1970.
    var expires: Double
    var notBefore: Double?

    /// Whether `session` is one the token names. O(patterns × name length).
    /// Compared as bytes: names are ASCII (the name rules), and Character comparison would
    /// cost a grapheme walk per request.
    func reaches(session: String) -> Bool {
        sessions.contains { pattern in
            pattern.utf8.last == UInt8(ascii: "*")
                ? session.utf8.starts(with: pattern.utf8.dropLast()) : pattern.utf8.elementsEqual(session.utf8)
        }
    }

    /// Whether the token names every session of its owner.
    var reachesEverySession: Bool { sessions.contains("*") }

    /// Whether the token may still be used at `now`, given `leeway` seconds of clock skew.
    func isCurrent(at now: Double, leeway: Double) -> Bool {
        now < expires + leeway && (notBefore.map { now + leeway >= $0 } ?? true)
    }
}
