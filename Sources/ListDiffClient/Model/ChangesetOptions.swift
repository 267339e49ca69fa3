import ListDiff

/// How a changeset is asked for: its form and how changed content is reported.
public struct ChangesetOptions: Hashable, Sendable {
    /// The batch form for `performBatchUpdates`, or the sequential one for Android and web lists.
    public enum Format: String, Hashable, Sendable {
        case batch, sequential
    }

    public var format: Format
    /// Whether a kept item whose content changed is a reconfigure (default) or a reload.
    public var updates: DiffOptions.ContentUpdateStyle

    public init(format: Format = .batch, updates: DiffOptions.ContentUpdateStyle = .reconfigure) {
        self.format = format
        self.updates = updates
    }

    /// `format=…&updates=…` query items (defaults left out).
    var queryItems: [(String, String)] {
        var items: [(String, String)] = []
        if format != .batch { items.append(("format", format.rawValue)) }
        if updates != .reconfigure { items.append(("updates", updates.rawValue)) }
        return items
    }
}
