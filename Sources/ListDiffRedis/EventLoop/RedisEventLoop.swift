import CListDiffEpoll
import Foundation

/// The thread that reads every Redis connection of the process (``RedisPipeline``s and the
/// subscribers), so that no other thread waits on a socket: callers hand their commands over
/// and are called back with the replies. One readiness loop (epoll, level-triggered; kqueue on
/// Darwin), a wake-up channel for work handed over by other threads, and the sources' own
/// deadlines — a handful of connections, so the soonest is found by asking each.
///
/// Apart from the transport's loops on purpose: ListDiffHTTP knows nothing of Redis, and a
/// store made before (or without) a server still has its connections read.
final class RedisEventLoop: @unchecked Sendable {
    // Sendable argument: `queued` and `stopped` are only touched while holding `lock`;
    // `sources` and `nextToken` only on the loop's thread; the descriptors never change.
    /// The loop every connection of the process is read on, started at first use; the error
    /// every call gets when the system would not give it a poller.
    static let shared = Result { () throws(RedisError) in try RedisEventLoop() }

    private let poller: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let lock = NSLock()
    private var queued: [@Sendable () -> Void] = []
    private var sources: [UInt64: any RedisLoopSource] = [:]
    private var nextToken: UInt64 = 1
    private let events: UnsafeMutablePointer<cld_event>
    private static let eventCapacity = 64
    private static let wakeToken: UInt64 = 0
    /// The loop's thread, to tell callers on it from callers elsewhere.
    nonisolated(unsafe) private static var loopThreadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private init() throws(RedisError) {
        poller = cld_poller_create()
        guard poller >= 0 else { throw .io(errno: errno) }
        var readEnd: Int32 = -1
        var writeEnd: Int32 = -1
        guard cld_waker_create(&readEnd, &writeEnd) == 0 else {
            let error = errno
            SystemSocket.close(poller)
            throw .io(errno: error)
        }
        wakeRead = readEnd
        wakeWrite = writeEnd
        events = .allocate(capacity: Self.eventCapacity)
        cld_poller_add(poller, wakeRead, UInt32(CLD_READABLE), Self.wakeToken)
        let thread = Thread { [self] in run() }
        thread.name = "listdiff-redis-loop"
        thread.start()
    }

    /// Whether the caller is on the loop's thread (where nothing may wait on a reply).
    static var isCurrent: Bool { pthread_getspecific(loopThreadKey) != nil }

    /// Runs `work` on the loop's thread, after what it is doing now.
    func execute(_ work: @escaping @Sendable () -> Void) {
        let wake: Bool = lock.withLock {
            queued.append(work)
            return queued.count == 1
        }
        if wake { cld_waker_signal(wakeWrite) }
    }

    // MARK: On the loop's thread

    /// Starts reading `fd` for `source` with the interest bits `interest`; the token to change
    /// or end that with.
    func register(_ fd: Int32, interest: UInt32, for source: any RedisLoopSource) -> UInt64 {
        let token = nextToken
        nextToken += 1
        sources[token] = source
        cld_poller_add(poller, fd, interest, token)
        return token
    }

    func modify(_ fd: Int32, token: UInt64, from old: UInt32, to new: UInt32) {
        cld_poller_modify(poller, fd, old, new, token)
    }

    /// Stops reading `fd` (before it is closed) and forgets its source.
    func deregister(_ fd: Int32, token: UInt64, interest: UInt32) {
        cld_poller_remove(poller, fd, interest)
        sources[token] = nil
    }

    private func run() {
        pthread_setspecific(Self.loopThreadKey, UnsafeRawPointer(bitPattern: 1))
        while true {
            let now = SystemSocket.now()
            var soonest = Double.infinity
            for source in sources.values {
                if let deadline = source.nextDeadline { soonest = min(soonest, deadline) }
            }
            let wait = soonest.isFinite ? Int32(clamping: Int(max(0, (soonest - now) * 1000).rounded(.up))) : -1
            let count = cld_poller_wait(poller, events, Int32(Self.eventCapacity), wait)
            for index in 0..<max(0, Int(count)) {
                let event = events[index]
                if event.token == Self.wakeToken {
                    cld_waker_drain(wakeRead)
                } else {
                    sources[event.token]?.handle(event.events)
                }
            }
            runQueued()
            let after = SystemSocket.now()
            for source in Array(sources.values) {
                if let deadline = source.nextDeadline, deadline <= after { source.deadlineReached(now: after) }
            }
        }
    }

    private func runQueued() {
        let work: [@Sendable () -> Void] = lock.withLock {
            defer { queued = [] }
            return queued
        }
        for item in work { item() }
    }
}
