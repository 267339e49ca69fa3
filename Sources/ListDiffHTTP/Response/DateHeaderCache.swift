#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `Date: …\r\n` header line in IMF-fixdate form and the access log's RFC 3339 timestamp
/// (`2026-11-23T11:08:09Z`), rebuilt at most once a second. Each event loop owns one, so no
/// locking; `refresh` costs one `time(2)` (vDSO) per call.
struct DateHeaderCache {
    private(set) var line: [UInt8] = []
    private(set) var timestamp: [UInt8] = []
    private var second: time_t = -1

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    mutating func refresh() {
        let now = time(nil)
        guard now != second else { return }
        second = now
        var seconds = now
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text = "Date: "
        text += Self.days[Int(parts.tm_wday) % 7] + ", "
        text += Self.twoDigits(Int(parts.tm_mday)) + " " + Self.months[Int(parts.tm_mon) % 12] + " "
        text += String(Int(parts.tm_year) + 1900) + " "
        text += Self.twoDigits(Int(parts.tm_hour)) + ":" + Self.twoDigits(Int(parts.tm_min)) + ":"
        text += Self.twoDigits(Int(parts.tm_sec)) + " GMT\r\n"
        line = Array(text.utf8)
        var stamp = String(Int(parts.tm_year) + 1900) + "-" + Self.twoDigits(Int(parts.tm_mon) + 1) + "-"
        stamp += Self.twoDigits(Int(parts.tm_mday)) + "T" + Self.twoDigits(Int(parts.tm_hour)) + ":"
        stamp += Self.twoDigits(Int(parts.tm_min)) + ":" + Self.twoDigits(Int(parts.tm_sec)) + "Z"
        timestamp = Array(stamp.utf8)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
