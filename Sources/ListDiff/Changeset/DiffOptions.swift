/// How a diff reports what it found.
public struct DiffOptions: Hashable, Sendable {
    /// How a kept item whose content changed is reported.
    public enum ContentUpdateStyle: String, Hashable, Sendable {
        /// `reconfigureItems` (iOS 15+): the cell is updated in place. The default.
        case reconfigure
        /// `reloadItems`: the cell is replaced.
        case reload
    }

    public var contentUpdates: ContentUpdateStyle

    public init(contentUpdates: ContentUpdateStyle = .reconfigure) {
        self.contentUpdates = contentUpdates
    }
}
