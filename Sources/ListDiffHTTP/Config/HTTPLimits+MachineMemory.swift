import Foundation

extension HTTPLimits {
    /// The default of ``maxBufferedResponseBytes``: an eighth of the memory the process may
    /// use (the machine's, or its control group's limit when that is lower, as in a container),
    /// at least 32 MiB and at most 256 MiB.
    ///
    /// An eighth, because unsent responses share the memory with the request side's 256 MiB of
    /// bodies, the store and the caches, and a small container must not be taken by clients
    /// that do not read; at most 256 MiB like the request side, because past that more room
    /// buys nothing a reader that reads needs (each drains what it is sent) — it only lets
    /// more readers that do not read hold memory.
    public static let defaultMaxBufferedResponseBytes: Int = {
        let eighth = availableMemoryBytes() / 8
        return min(256 << 20, max(32 << 20, eighth))
    }()

    /// The machine's memory, or the process's control-group limit if lower. O(1).
    static func availableMemoryBytes() -> Int {
        let physical = Int(clamping: ProcessInfo.processInfo.physicalMemory)
        return min(physical, controlGroupLimitBytes() ?? .max)
    }

    /// The memory limit of the process's control group (v2 `memory.max`, or v1
    /// `memory.limit_in_bytes`); nil when there is none or it cannot be read.
    private static func controlGroupLimitBytes() -> Int? {
        var candidates: [String] = []
        if let membership = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) {
            // cgroup v2: one line "0::/path"; the limit is in that group's folder.
            for line in membership.split(separator: "\n") where line.hasPrefix("0::") {
                candidates.append("/sys/fs/cgroup\(line.dropFirst(3))/memory.max")
            }
        }
        candidates += ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]
        for path in candidates {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            // "max" (v2) or a huge number (v1) means no limit.
            if let limit = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), limit < 1 << 50 {
                return limit
            }
        }
        return nil
    }
}
