/// The rules of UIKit's batch updates (docs/batch-update-rules.md); each is a crash or a
/// silently wrong list on a device.
public enum BatchUpdateRule: String, Sendable, CaseIterable {
    case uniqueIdentifiers = "R1"
    case bounds = "R2"
    case noDuplicates = "R3"
    case noOverlaps = "R4"
    case reloadsAndMovesDoNotMix = "R5"
    case sectionsVersusItems = "R6"
    case noItemOperationsInMovedSections = "R7"
    case noNoOpMoves = "R8"
    case sectionCount = "R9"
    case itemCount = "R10"
    case rebuildMatchesTarget = "R11"
}

/// The first rule a batch breaks: which, where, and what UIKit would say.
public struct BatchUpdateViolation: Error, Equatable, CustomStringConvertible {
    public var rule: BatchUpdateRule
    /// The sections at fault, if the rule is about sections.
    public var sections: [Int]
    /// The index paths at fault, if the rule is about items.
    public var indexPaths: [ItemPath]
    /// UIKit's words for it, where UIKit has any.
    public var message: String
    /// The batch stage (0-based) that broke it, when checking a multi-stage changeset.
    public var stage: Int?

    public init(
        _ rule: BatchUpdateRule, sections: [Int] = [], indexPaths: [ItemPath] = [], _ message: String, stage: Int? = nil
    ) {
        self.rule = rule
        self.sections = sections
        self.indexPaths = indexPaths
        self.message = message
        self.stage = stage
    }

    public var description: String {
        (stage.map { "stage \($0): " } ?? "") + "\(rule.rawValue): \(message)"
    }
}
