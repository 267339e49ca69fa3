import Foundation

/// The one listening socket every event loop accepts from.
///
/// Each loop registers it exclusively (`EPOLLEXCLUSIVE`): a new connection wakes one loop that
/// is waiting in `epoll_wait`, never a busy one, so connections go to idle loops (as nginx's
/// workers share their listener). Under light load one loop takes every connection and the
/// others, and their cores, stay free for the client and the workers; `SO_REUSEPORT` instead
/// hashed connections evenly over the loops, so every loop ran at once and competed with the
/// client for two cores, which showed as millisecond-long scheduling tails. One socket also
/// means a second server on the same port fails to bind instead of silently sharing it.
/// The last loop to let go closes it.
final class SharedListener: @unchecked Sendable {
    // Sendable argument: `holders` and `isClosed` are only touched while holding `lock`; `fd`
    // never changes.
    let fd: Int32
    private let lock = NSLock()
    private var holders = 0
    private var isClosed = false

    init(fd: Int32) {
        self.fd = fd
    }

    /// A loop starts using the socket.
    func retain() {
        lock.withLock { holders += 1 }
    }

    /// A loop is done with the socket (it must have deregistered it); the last one closes it.
    func release() {
        lock.withLock {
            holders -= 1
            if holders <= 0 { closeLocked() }
        }
    }

    /// Closes the socket if no loop ever took it (a failed start).
    func closeIfUnused() {
        lock.withLock {
            if holders == 0 { closeLocked() }
        }
    }

    private func closeLocked() {
        guard !isClosed else { return }
        isClosed = true
        _ = Foundation.close(fd)
    }
}
