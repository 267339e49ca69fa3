/// The forms a setting's value takes — on or off, integers, byte counts, seconds, rates — read
/// from text and written back for `--help` and the errors.
extension ServerOptions {
    /// A value as an error may show it: a URL's password replaced by `***`.
    static func redacted(_ value: String) -> String {
        guard let scheme = value.range(of: "://"), let at = value.range(of: "@", options: .backwards),
            at.lowerBound > scheme.upperBound
        else { return value }
        let credentials = value[scheme.upperBound..<at.lowerBound]
        let user = credentials.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(value[..<scheme.upperBound]) + String(user) + ":***" + String(value[at.lowerBound...])
    }

    /// A value as an error may show it: keys not at all, a URL without its password.
    static func shown(_ value: String, of setting: Setting) -> String {
        setting.flag == "--token-keys" || setting.flag == "--api-keys" ? "(not shown: it holds keys)" : redacted(value)
    }

    /// `on` as true, `off` as false, anything else nil.
    static func onOff(_ text: String) -> Bool? {
        switch text {
        case "on": true
        case "off": false
        default: nil
        }
    }

    static func integer(_ text: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = Int(text), range.contains(value) else { return nil }
        return value
    }

    /// A byte count: digits, optionally followed by `KiB`, `MiB`, `GiB` (powers of 1024) or
    /// `KB`, `MB`, `GB` (powers of 1000), with or without a space — `16MiB`, `512 KiB`, `50MB`
    /// — as `--help` and docs/server.md write them.
    static func bytes(_ text: String, in range: ClosedRange<Int>) -> Int? {
        let units: [(suffix: String, factor: Int)] = [
            ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("KB", 1_000), ("MB", 1_000_000),
            ("GB", 1_000_000_000)
        ]
        var number = Substring(text)
        var factor = 1
        if let unit = units.first(where: { text.lowercased().hasSuffix($0.suffix.lowercased()) }) {
            number = text.dropLast(unit.suffix.count)
            factor = unit.factor
        }
        while number.last == " " { number = number.dropLast() }
        guard let count = Int(number), count >= 0 else { return nil }
        let (total, overflow) = count.multipliedReportingOverflow(by: factor)
        guard !overflow, range.contains(total) else { return nil }
        return total
    }

    static func seconds(_ text: String) -> Double? {
        seconds(text, in: Double.leastNonzeroMagnitude...86_400)
    }

    /// `text` as a number of seconds within `range`, else nil.
    static func seconds(_ text: String, in range: ClosedRange<Double>) -> Double? {
        guard let value = Double(text), range.contains(value) else { return nil }
        return value
    }

    static func rate(_ text: String) -> Double? {
        guard let value = Double(text), value >= 1, value <= 1e12 else { return nil }
        return value
    }

    /// A byte count as `--help` writes it: `16 MiB`, `32 KiB`, or plain bytes.
    static func size(_ bytes: Int) -> String {
        for (unit, factor) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        where bytes >= factor && bytes % factor == 0 {
            return "\(bytes / factor) \(unit)"
        }
        return String(bytes)
    }

    /// Seconds or a rate as `--help` writes them: `10`, `0.5`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
