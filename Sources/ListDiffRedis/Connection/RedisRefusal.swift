/// What an error reply says, read from its code (its first word: `BUSY`, `LOADING`, `OOM`, …):
/// whether the server serves nothing now, refuses writes only, is out of memory, or refused
/// this one command; and a reason fit to show a client. The reason names the code but none of
/// the reply's own text, which can carry a script's SHA and Lua line (`script: <sha>, on
/// @user_script:23`), paths and settings: ``message`` keeps that, for the log.
public struct RedisRefusal: Equatable, Sendable {
    /// The reply's text, whole.
    public let message: String
    /// Its first word when that is a code (capitals, digits, `_`, `-`); empty otherwise (a
    /// refusal this client made up has none).
    public let code: String

    public enum Kind: Equatable, Sendable {
        /// The server answers no command now: busy with a script (`BUSY`), loading its data set
        /// (`LOADING`), its cluster down (`CLUSTERDOWN`), a replica cut off from its master
        /// (`MASTERDOWN`). A readiness probe fails while it lasts.
        case notServing
        /// The server serves reads but no writes: a read-only replica (`READONLY`), a failing
        /// disk (`MISCONF`), too few replicas (`NOREPLICAS`).
        case writesRefused
        /// `OOM`: at `maxmemory` with nothing it may evict. Retrying soon will not help.
        case outOfMemory
        /// Any other refusal of one command (`TRYAGAIN` after the cluster client's retries, `ERR`, …).
        case refused
    }

    public init(_ message: String) {
        self.message = message
        let word = message.prefix { $0 != " " }
        let isCode =
            !word.isEmpty && word.count <= 32
            && word.unicodeScalars.allSatisfy {
                ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
            }
        code = isCode ? String(word) : ""
    }

    public var kind: Kind {
        switch code {
        case "BUSY", "LOADING", "CLUSTERDOWN", "MASTERDOWN": .notServing
        case "READONLY", "MISCONF", "NOREPLICAS": .writesRefused
        case "OOM": .outOfMemory
        default: .refused
        }
    }

    /// Why, for a client: what the code means, and the code.
    public var reason: String {
        let meaning =
            switch code {
            case "BUSY": "its server is busy with a long-running command"
            case "LOADING": "its server is loading its data set (restarting)"
            case "CLUSTERDOWN": "its cluster is down"
            case "MASTERDOWN": "its server is a replica cut off from its master"
            case "TRYAGAIN": "its cluster is moving this session's keys"
            case "READONLY": "its server is a read-only replica, which takes no writes"
            case "MISCONF": "its server refuses writes: it cannot save its data to disk"
            case "NOREPLICAS": "its server refuses writes: too few replicas answer"
            case "OOM": "its server is out of memory"
            default: "its server refused the command"
            }
        return code.isEmpty ? meaning : "\(meaning) (\(code))"
    }
}

extension RESPValue {
    /// The refusal an error reply is; nil for any other reply.
    public var refusal: RedisRefusal? {
        if case .error(let message) = self { RedisRefusal(message) } else { nil }
    }
}

extension RESPValue {
    /// Whether the reply says the server does not know the script asked for by its SHA.
    var isNoScript: Bool {
        if case .error(let message) = self { message.hasPrefix("NOSCRIPT") } else { false }
    }
}
