/// How much the server writes to standard error. Access-log lines are `info`.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error, off

    /// Parses `debug`, `info`, `warning` (or `warn`), `error`, `off` (or `none`).
    public init?(name: String) {
        switch name.lowercased() {
        case "debug": self = .debug
        case "info": self = .info
        case "warning", "warn": self = .warning
        case "error": self = .error
        case "off", "none": self = .off
        default: return nil
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
