#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes leveled messages to standard error with `write(2)` (no shared stdio buffer).
public struct ServerLog: Sendable {
    public let level: LogLevel

    public init(level: LogLevel) {
        self.level = level
    }

    public func log(_ messageLevel: LogLevel, _ message: @autoclosure () -> String) {
        guard messageLevel >= level, messageLevel != .off else { return }
        let line = "listdiff-server \(messageLevel): \(message())\n"
        Self.writeToStandardError(Array(line.utf8))
    }

    static func writeToStandardError(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(2, base + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
