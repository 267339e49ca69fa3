/// The command line of `listdiff-bench followers` (one load process; `scripts/followers.sh`
/// starts several and sums their results).
struct FollowersOptions {
    /// How a follower follows: long polls re-sent after each answer, or one event stream.
    enum Mode: String { case polls, streams }

    var host = "127.0.0.1"
    /// The instances' ports: follower i opens its connection to `ports[i % count]`, writer j
    /// to `ports[j % count]`.
    var ports: [UInt16] = [8080]
    /// A connection the server closes, resets or refuses is opened again on the next port,
    /// counted as a reconnect but not an error (an instance killed during the run), and a
    /// write whose answer it took is sent again there (the same content: a retry is harmless).
    var failover = false
    var mode = Mode.polls
    var followers = 1000
    /// Followers per session (each session one snapshot, `feed`).
    var followersPerSession = 1
    /// The first session's number: sessions are `f<first>`, `f<first + 1>`, … so that several
    /// processes follow sessions of their own.
    var firstSession = 0
    /// Loopback source addresses the followers connect from, in turn.
    var sources: [String] = ["127.0.0.1"]
    /// Writes per second over this process's sessions, at random.
    var rate = 100.0
    /// Seconds of writes.
    var seconds = 10.0
    /// A long poll's `wait=`.
    var pollWait = 30
    /// Connection attempts in progress at once during the ramp.
    var connectsInFlight = 256
    /// Connections that write.
    var writers = 8
    /// Seconds to wait after the writes for every follower to reach its session's last version.
    var drainSeconds = 10.0
    /// Start writing when a line arrives on standard input (the driver's go), not at once.
    var waitForGo = false
    /// Where to write one line per delivery: microseconds from the write's send and from its answer.
    var samplesPath: String?

    static let usage = """
        usage: listdiff-bench followers --port P | --ports P1,P2,... [--failover] [--host 127.0.0.1]
                 [--mode polls|streams] [--followers N]
                 [--per-session K] [--first-session S] [--sources 127.0.0.2,127.0.0.3] [--rate W] [--seconds T]
                 [--poll-wait 30] [--connects-in-flight 256] [--writers 8] [--drain-seconds 10] [--wait-for-go]
                 [--samples FILE]
        """

    /// The options `arguments` (after `followers`) give, or a message naming the one that is wrong.
    static func parse(_ arguments: [String]) -> Result<FollowersOptions, FollowersUsageError> {
        var options = FollowersOptions()
        var index = 0
        while index < arguments.count {
            let flag = arguments[index]
            if flag == "--wait-for-go" || flag == "--failover" {
                if flag == "--wait-for-go" { options.waitForGo = true } else { options.failover = true }
                index += 1
                continue
            }
            guard index + 1 < arguments.count else { return .failure(FollowersUsageError("\(flag) needs a value")) }
            let value = arguments[index + 1]
            guard options.set(flag, value) else {
                return .failure(FollowersUsageError("\(flag) \(value): not understood"))
            }
            index += 2
        }
        guard options.followers > 0, options.followersPerSession > 0, options.rate >= 0, options.writers > 0,
            !options.ports.isEmpty
        else {
            return .failure(FollowersUsageError("--followers, --per-session and --writers must be positive"))
        }
        return .success(options)
    }

    private mutating func set(_ flag: String, _ value: String) -> Bool {
        switch flag {
        case "--host": host = value
        case "--port": return UInt16(value).map { ports = [$0] } != nil
        case "--ports":
            let parsed = value.split(separator: ",").compactMap { UInt16($0) }
            guard !parsed.isEmpty, parsed.count == value.split(separator: ",").count else { return false }
            ports = parsed
        case "--mode": return Mode(rawValue: value).map { mode = $0 } != nil
        case "--followers": return Int(value).map { followers = $0 } != nil
        case "--per-session": return Int(value).map { followersPerSession = $0 } != nil
        case "--first-session": return Int(value).map { firstSession = $0 } != nil
        case "--sources": sources = value.split(separator: ",").map(String.init)
        case "--rate": return Double(value).map { rate = $0 } != nil
        case "--seconds": return Double(value).map { seconds = $0 } != nil
        case "--poll-wait": return Int(value).map { pollWait = $0 } != nil
        case "--connects-in-flight": return Int(value).map { connectsInFlight = max(1, $0) } != nil
        case "--writers": return Int(value).map { writers = $0 } != nil
        case "--drain-seconds": return Double(value).map { drainSeconds = $0 } != nil
        case "--samples": samplesPath = value
        default: return false
        }
        return true
    }

    /// Sessions this process follows and writes to.
    var sessionCount: Int { (followers + followersPerSession - 1) / followersPerSession }
}

/// A command line `listdiff-bench followers` does not take.
struct FollowersUsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
