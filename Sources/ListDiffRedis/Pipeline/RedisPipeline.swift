import CListDiffEpoll
import Foundation
import Synchronization

/// Connections to one server that many calls share at once, so that no thread waits on a
/// round trip: a call's commands are written on the caller's thread as it is made, behind
/// whatever the connection already carries, and one thread of the pipeline's own reads every
/// connection (polled together) and answers each call on it as its last reply comes — replies
/// come in the order the calls were written.
///
/// A call not answered by its deadline closes its connection and fails with every call behind
/// it (their replies can no longer be matched), as a blocking connection's timeout does; the
/// next call connects again (on its caller's thread, within the connect timeout, after a
/// backoff once an attempt failed). The thread starts with the first call and checks deadlines
/// when the nearest one comes, and at least every ``deadlineTick`` seconds.
final class RedisPipeline: Sendable {
    private let endpoint: RedisEndpoint
    private let connectTimeout: Double
    private let slots: [PipelineSlot]
    private let turn = Atomic<Int>(0)
    private let poller: Int32
    private let waker: (read: Int32, write: Int32)
    private let state = Mutex(RunState.idle)

    private enum RunState {
        case idle
        case running
        case stopped
    }

    /// `connections` connections to `endpoint`, opened as calls need them.
    init(endpoint: RedisEndpoint, connections: Int, connectTimeout: Double) {
        self.endpoint = endpoint
        self.connectTimeout = connectTimeout
        slots = (0..<max(1, connections)).map { PipelineSlot(index: $0) }
        poller = cld_poller_create()
        var read: Int32 = -1
        var write: Int32 = -1
        _ = cld_waker_create(&read, &write)
        waker = (read, write)
        _ = cld_poller_add(poller, read, UInt32(CLD_READABLE), Self.wakerToken)
    }

    /// Sends `commands` on one connection and answers their replies, in order, once all are
    /// in — on the pipeline's thread, or on the caller's when the call fails before it is sent.
    /// Refusals are `.error` replies; `deadline` (monotonic seconds) bounds the wait.
    func send(_ commands: [RESPCommand], deadline: Double, _ answer: @escaping PipelineSlot.Answer) {
        guard start() else { return answer(.failure(.closed)) }
        var bytes: [UInt8] = []
        for command in commands { command.write(into: &bytes) }
        let slot = slots[turn.wrappingAdd(1, ordering: .relaxed).oldValue % slots.count]
        let deliveries: [PipelineSlot.Delivery] = slot.lock.withLock {
            if !slot.isOpen {
                do throws(RedisError) {
                    try slot.openLocked(endpoint, connectTimeout: connectTimeout, poller: poller)
                } catch {
                    return [PipelineSlot.Delivery(answer: answer, result: .failure(error))]
                }
            }
            let call = PipelineSlot.Call(
                expected: commands.count, deadline: deadline, timeout: deadline - SystemSocket.now(), answer: answer)
            return slot.sendLocked(bytes, call, poller: poller)
        }
        for delivery in deliveries { delivery.give() }
    }

    /// Closes every connection and ends the thread; calls waiting fail with ``RedisError/closed``.
    func stop() {
        let was = state.withLock { state in
            defer { state = .stopped }
            return state
        }
        switch was {
        case .running: cld_waker_signal(waker.write)
        case .idle: release()
        case .stopped: break
        }
    }

    /// Seconds between the thread's checks of the calls' deadlines.
    static let deadlineTick = 0.02
    private static let wakerToken = UInt64.max

    /// Starts the thread on the first call; false once stopped.
    private func start() -> Bool {
        let (starts, stopped): (Bool, Bool) = state.withLock { state in
            switch state {
            case .idle:
                state = .running
                return (true, false)
            case .running: return (false, false)
            case .stopped: return (false, true)
            }
        }
        if starts { Thread.detachNewThread { [self] in run() } }
        return !stopped
    }

    private func run() {
        var events = [cld_event](repeating: cld_event(), count: 64)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while state.withLock({ $0 }) == .running {
            let count = cld_poller_wait(poller, &events, Int32(events.count), waitMilliseconds())
            for event in events.prefix(max(0, Int(count))) {
                if event.token == Self.wakerToken {
                    cld_waker_drain(waker.read)
                    continue
                }
                handle(event, on: slots[Int(event.token)], buffer: &buffer)
            }
            expireCalls()
        }
        release()
    }

    private func handle(_ event: cld_event, on slot: PipelineSlot, buffer: inout [UInt8]) {
        let deliveries: [PipelineSlot.Delivery] = slot.lock.withLock {
            guard slot.isOpen else { return [] }
            var delivered: [PipelineSlot.Delivery] = []
            if event.events & UInt32(CLD_WRITABLE) != 0 { delivered += slot.flushLocked(poller: poller) }
            if slot.isOpen { delivered += slot.readLocked(into: &buffer, poller: poller) }
            return delivered
        }
        for delivery in deliveries { delivery.give() }
    }

    /// How long the thread may wait for its connections: until the nearest deadline of a call
    /// waiting on one, at most a tick (a call made meanwhile may have a nearer one).
    private func waitMilliseconds() -> Int32 {
        let nearest = slots.compactMap { slot in slot.lock.withLock { slot.firstDeadlineLocked } }.min()
        let seconds = min(Self.deadlineTick, max(0, (nearest ?? .infinity) - SystemSocket.now()))
        return Int32((seconds * 1000).rounded(.up))
    }

    /// Closes each connection whose oldest call is past its deadline.
    private func expireCalls() {
        let now = SystemSocket.now()
        for slot in slots {
            let deliveries = slot.lock.withLock { slot.expireLocked(now: now, poller: poller) }
            for delivery in deliveries { delivery.give() }
        }
    }

    private func release() {
        for slot in slots {
            for delivery in slot.lock.withLock({ slot.closeLocked(.closed, poller: poller) }) { delivery.give() }
        }
        SystemSocket.close(waker.read)
        SystemSocket.close(waker.write)
        SystemSocket.close(poller)
    }
}
