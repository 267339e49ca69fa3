import ListDiffTestSupport

/// A fault case's client of a snapshot's event stream (`GET …/events`): the version it holds
/// and its copy of that content, the connection it reads (nil while closed: it reopens by
/// `Last-Event-ID`), and what the next event may be.
struct StreamFollower {
    var follower: FaultCase.Follower
    /// The answer form of the stream's query (kept across reconnects, as `EventSource` keeps
    /// its URL).
    var form: FaultCase.AnswerForm
    var client: EventStreamClient?
    /// Opened without a version: the next event must be `snapshot`, and no other is.
    var expectsSnapshot = false
    /// The version acknowledged when the stream opened, if assured: a `snapshot` event's.
    var acknowledgedAtOpen: String?
    /// The snapshot may have been lost since the stream last reached a version acknowledged
    /// after the loss: only then may `deleted` come.
    var mayBeLost = false
    /// Connections opened, by choice or after a close.
    var opens = 0
    /// Which answer form the next opening by choice takes (see ``FaultCase/reopenStream()``).
    var formTurn: Int

    var snapshot: Int { follower.snapshot }
}
