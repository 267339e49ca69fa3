import Foundation

/// What the environment says about this run: how many cases a seeded property or fuzz test
/// tries, which seed replays one, whether soak tests run. Every variable is listed in
/// CONTRIBUTING.md ("Longer runs"); a value that does not parse is a mistake, reported at once.
public enum TestRun {
    /// `LISTDIFF_…` variable `name` as a count of cases; `default` when it is unset.
    public static func cases(_ name: String, default value: Int) -> Int {
        count(name) ?? value
    }

    /// `LISTDIFF_…` variable `name` as a count, when it is set.
    public static func count(_ name: String) -> Int? {
        integer(name).map { Int(clamping: $0) }
    }

    /// `LISTDIFF_…` variable `name` as a seed, when it is set.
    public static func seed(_ name: String) -> UInt64? {
        integer(name)
    }

    /// True when `LISTDIFF_SOAK=1`: the tests that repeat a cycle thousands of times run in full
    /// (a few dozen cycles otherwise).
    public static var soak: Bool { ProcessInfo.processInfo.environment["LISTDIFF_SOAK"] == "1" }

    private static func integer(_ name: String) -> UInt64? {
        guard let text = ProcessInfo.processInfo.environment[name] else { return nil }
        guard let value = UInt64(text) else {
            // A mistyped size or seed would otherwise run the default silently.
            FileHandle.standardError.write(Data("\(name)=\(text) is not a whole number\n".utf8))
            exit(2)
        }
        return value
    }
}
