import Foundation

extension NSLock {
    /// Runs `body` holding the lock, keeping its typed error (`withLock` rethrows untyped).
    func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
