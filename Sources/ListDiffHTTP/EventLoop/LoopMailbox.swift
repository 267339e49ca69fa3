import CListDiffEpoll
import Foundation

/// A lock-protected message queue plus a wake-up fd (eventfd or pipe) the loop polls.
/// Any thread may `post`; only the owning loop calls `takeAll`.
final class LoopMailbox: @unchecked Sendable {
    // Sendable argument: `messages` and `isClosed` are only touched while holding `lock`, and
    // the fds are signalled and closed only under it; the fd numbers never change after init.
    private let lock = NSLock()
    private var messages: [LoopMessage] = []
    private var isClosed = false
    let readFD: Int32
    private let writeFD: Int32

    init() throws(HTTPServerError) {
        var readEnd: Int32 = -1
        var writeEnd: Int32 = -1
        guard cld_waker_create(&readEnd, &writeEnd) == 0 else {
            throw HTTPServerError.systemCall("eventfd", errno)
        }
        readFD = readEnd
        writeFD = writeEnd
    }

    /// Queues `message` and wakes the loop. After `close()` messages are dropped: a late
    /// worker must not write to a wake-up fd number the kernel may have handed out again.
    func post(_ message: LoopMessage) {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return }
        messages.append(message)
        if messages.count == 1 { cld_waker_signal(writeFD) }
    }

    /// Drains the wake-up fd and returns every queued message in posting order.
    func takeAll() -> [LoopMessage] {
        cld_waker_drain(readFD)
        lock.lock()
        let taken = messages
        messages = []
        lock.unlock()
        return taken
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        isClosed = true
        messages = []
        _ = Foundation.close(readFD)
        if writeFD != readFD { _ = Foundation.close(writeFD) }
    }
}
