import CListDiffEpoll
import Foundation

/// A lock-protected message queue plus a wake-up fd (eventfd or pipe) the loop polls.
/// Any thread may `post`; only the owning loop calls `takeAll`.
final class LoopMailbox: @unchecked Sendable {
    // Sendable argument: `messages` is only touched while holding `lock`; the fds are
    // immutable after init and the waker calls are thread-safe system calls.
    private let lock = NSLock()
    private var messages: [LoopMessage] = []
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

    func post(_ message: LoopMessage) {
        lock.lock()
        messages.append(message)
        let wasEmpty = messages.count == 1
        lock.unlock()
        if wasEmpty { cld_waker_signal(writeFD) }
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
        _ = Foundation.close(readFD)
        if writeFD != readFD { _ = Foundation.close(writeFD) }
    }
}
