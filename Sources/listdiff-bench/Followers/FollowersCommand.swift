import Glibc

/// `listdiff-bench followers`: one load process of the followers benchmark
/// (`scripts/followers.sh` starts several, tells them when to write, and sums their results).
///
/// It follows `--followers` followers over sessions `f<first>…` (one snapshot `feed` each),
/// as long polls (`changes?since=V&wait=…`, re-sent with each answer's `to`) or event streams
/// (`events?since=V`), from the `--sources` addresses in turn; then it PUTs `--rate` writes a
/// second to random sessions for `--seconds`, each write's one changing item naming its
/// sequence number (`"w<n>"`). Every answer and event is checked: it starts from the version
/// the follower has (else a version was lost), it names no write older than one delivered
/// (else out of order), and at the end each follower holds its session's last version (else
/// the writes it lacks are lost). Output on standard output:
///
///     ready followers=N ramp-seconds=T
///     result writes=… deliveries=… checked=… lost=… out-of-order=… errors=… reconnects=… refusals=… heartbeats=… behind=…
///
/// A 503 (a server limit, its store's queue full) is no error: the follower or writer tries
/// again after a jittered second, as a client honouring `Retry-After` would (`refusals=`).
/// and with `--samples FILE` one line per delivery: microseconds from the write's send and
/// from its answer (negative when the event was read before the PUT's answer).
enum FollowersCommand {
    /// Runs one load process; the exit status: 0 clean, 1 a lost, out-of-order or failed
    /// delivery, 2 a bad command line or a socket that could not be set up.
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") {
            FollowersOutput.line(FollowersOptions.usage)
            return 0
        }
        let options: FollowersOptions
        switch FollowersOptions.parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            FollowersOutput.error("\(error.message)\n\(FollowersOptions.usage)")
            return 2
        }
        signal(SIGPIPE, SIG_IGN)
        do {
            return try FollowersLoad(options: options).run() ? 0 : 1
        } catch {
            FollowersOutput.error("\(error)")
            return 2
        }
    }
}
