/// Why a write's `If-Match` or `If-None-Match` refused it (``WriteConditions/failure(current:)``),
/// which its 412 says.
enum PreconditionFailure: Sendable, Equatable {
    /// `If-Match` on a snapshot never written.
    case nothingToMatch
    /// `If-Match` names the current version only as a weak tag.
    case weakTag
    /// `If-Match` does not name the current version.
    case notCurrent
    /// `If-None-Match: *` on a snapshot that exists.
    case exists
    /// `If-None-Match` names the current version.
    case current
}
