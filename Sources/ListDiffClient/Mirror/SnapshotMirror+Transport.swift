extension SnapshotMirror {
    /// How a following mirror learns of new versions.
    public enum Transport: Hashable, Sendable {
        /// The event stream, or long polls where the server has no stream route.
        case automatic
        /// The event stream only: a server without one ends `updates` with its answer.
        case stream
        /// Long polls only (`changes?since=&wait=`), one request per version.
        case longPoll
    }
}
