import CListDiffEpoll
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection of a ``RedisPipeline``: the calls sent on it and not yet answered, in the
/// order their replies will come, the bytes not yet written, and the replies read so far.
/// Every member is only touched while holding `lock`; a method ending in `Locked` expects it
/// held, and returns the answers to give once it is let go (answers never run under it).
final class PipelineSlot: @unchecked Sendable {
    // Sendable argument: every var is only touched while holding `lock`.
    typealias Answer = @Sendable (Result<[RESPValue], RedisError>) -> Void

    /// A call waiting for its replies.
    struct Call {
        var expected: Int
        var replies: [RESPValue] = []
        /// Monotonic seconds after which the call, and the connection, are given up.
        var deadline: Double
        /// Seconds the call was given, for its error.
        var timeout: Double
        var answer: Answer
    }

    /// An answer to give, with what it answers.
    struct Delivery {
        var answer: Answer
        var result: Result<[RESPValue], RedisError>
        func give() { answer(result) }
    }

    let lock = NSLock()
    /// The slot's place in its pipeline: the token its connection is polled under.
    let index: Int
    private(set) var fd: Int32 = -1
    private var interest: UInt32 = 0
    private var parser = RESPReplyParser()
    private var output: [UInt8] = []
    private var calls: [Call] = []
    private var head = 0
    private var backoff = 0.0
    private var nextAttemptAt = 0.0

    init(index: Int) {
        self.index = index
    }

    var isOpen: Bool { fd >= 0 }

    /// Connects (with `AUTH` and `SELECT` as the endpoint asks, on this thread, within
    /// `connectTimeout`) and polls the connection on `poller`. After a failed attempt the next
    /// waits out a backoff (0.1 s doubling to 2 s), failing at once meanwhile.
    func openLocked(_ endpoint: RedisEndpoint, connectTimeout: Double, poller: Int32) throws(RedisError) {
        let now = SystemSocket.now()
        guard now >= nextAttemptAt else { throw .backingOff(nextAttemptAt - now) }
        do {
            let connection = try RedisConnection(
                endpoint: endpoint, connectTimeout: connectTimeout, replyTimeout: connectTimeout)
            fd = connection.detachDescriptor()
        } catch {
            backoff = min(2, max(0.1, backoff * 2))
            nextAttemptAt = SystemSocket.now() + backoff
            throw error
        }
        backoff = 0
        interest = UInt32(CLD_READABLE)
        _ = cld_poller_add(poller, fd, interest, UInt64(index))
    }

    /// Queues `call` with its command bytes and writes what the socket takes now.
    func sendLocked(_ bytes: [UInt8], _ call: Call, poller: Int32) -> [Delivery] {
        calls.append(call)
        let idle = output.isEmpty
        output.append(contentsOf: bytes)
        return idle ? flushLocked(poller: poller) : []
    }

    /// Writes the unsent bytes the socket takes; asks to hear when it takes more.
    func flushLocked(poller: Int32) -> [Delivery] {
        var sent = 0
        while sent < output.count {
            let result = output.withUnsafeBytes { SystemSocket.send(fd, UnsafeRawBufferPointer(rebasing: $0[sent...])) }
            if result > 0 {
                sent += result
            } else if result < 0, errno == EINTR {
                continue
            } else if result < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                break
            } else {
                return closeLocked(.io(errno: result < 0 ? errno : EPIPE), poller: poller)
            }
        }
        output.removeFirst(sent)
        let wanted = UInt32(CLD_READABLE) | (output.isEmpty ? 0 : UInt32(CLD_WRITABLE))
        if wanted != interest {
            _ = cld_poller_modify(poller, fd, interest, wanted, UInt64(index))
            interest = wanted
        }
        return []
    }

    /// Reads what the socket holds and answers every call whose replies are all in.
    func readLocked(into buffer: inout [UInt8], poller: Int32) -> [Delivery] {
        var delivered: [Delivery] = []
        while fd >= 0 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return delivered + closeLocked(.closed, poller: poller) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                return delivered + closeLocked(.io(errno: errno), poller: poller)
            }
            parser.append(buffer[0..<count])
            do {
                while let reply = try parser.next() {
                    guard head < calls.count else {
                        return delivered
                            + closeLocked(.unexpectedReply("no reply beyond the calls sent"), poller: poller)
                    }
                    calls[head].replies.append(reply)
                    guard calls[head].replies.count == calls[head].expected else { continue }
                    delivered.append(Delivery(answer: calls[head].answer, result: .success(calls[head].replies)))
                    head += 1
                }
            } catch {
                return delivered + closeLocked(.malformedReply(error), poller: poller)
            }
            if count < buffer.count { break }
        }
        if head > 64, head * 2 > calls.count {
            calls.removeFirst(head)
            head = 0
        }
        return delivered
    }

    /// The deadline of the call to be answered first (replies come in order), if any waits.
    var firstDeadlineLocked: Double? { head < calls.count ? calls[head].deadline : nil }

    /// Closes the connection when its oldest call (the first to be answered: replies come in
    /// order) is past its deadline at `now`.
    func expireLocked(now: Double, poller: Int32) -> [Delivery] {
        guard head < calls.count, calls[head].deadline <= now else { return [] }
        return closeLocked(.timedOut(calls[head].timeout), poller: poller)
    }

    /// Closes the connection and fails every call waiting on it with `error`: replies come in
    /// order, so none behind a lost one can be matched any more.
    func closeLocked(_ error: RedisError, poller: Int32) -> [Delivery] {
        if fd >= 0 {
            _ = cld_poller_remove(poller, fd, interest)
            SystemSocket.close(fd)
            fd = -1
        }
        interest = 0
        parser = RESPReplyParser()
        output = []
        let failed = calls[head...].map { Delivery(answer: $0.answer, result: .failure(error)) }
        calls = []
        head = 0
        return failed
    }
}
