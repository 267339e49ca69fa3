import Glibc

/// Lines on standard output and error written straight to their descriptors: the driver reads
/// `ready` while the process runs, so nothing may wait in a stdio buffer.
enum FollowersOutput {
    static func line(_ text: String) { write(1, text + "\n") }
    static func error(_ text: String) { write(2, "listdiff-bench followers: \(text)\n") }

    private static func write(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
