import CListDiffEpoll

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes waiting to be sent on one connection, in order.
///
/// Heads and small bodies are copied into one growing chunk, so a typical response (or a
/// batch of pipelined ones) goes out in a single `send`; a large body stays its own chunk and
/// goes out with the head before it in one `sendmsg` gather write. The coalescing chunk's
/// storage is kept for the next response, so steady keep-alive traffic allocates nothing here.
///
/// Unsent bytes count against the server's ``ResponseBudget``: a large body from when it is
/// queued until it is sent or dropped (once however many queues share it), copied bytes
/// while a write leaves them waiting (a queue that drains at once, the common case, never
/// touches the budget).
struct OutboundQueue {
    private struct Chunk {
        var bytes: [UInt8]
        var coalescing: Bool
        /// A large body counted in the budget until it leaves the queue.
        var held = false
    }

    /// Bodies larger than this are not copied but sent from their own array.
    static let copyLimit = 16 * 1024

    private var chunks: [Chunk] = []
    private var firstOffset = 0
    private var spare: [UInt8] = []
    private(set) var pendingBytes = 0
    private let budget: ResponseBudget
    /// Copied bytes counted in the budget as waiting, as of the last write.
    private var countedWaitingBytes = 0

    init(budget: ResponseBudget) {
        self.budget = budget
    }

    var isEmpty: Bool { pendingBytes == 0 }

    /// Bytes of storage held, queued or kept for reuse.
    var storageBytes: Int {
        chunks.reduce(spare.capacity) { $0 + $1.bytes.capacity }
    }

    /// Whether storage is kept for the next response.
    var hasSpareStorage: Bool { spare.capacity > 0 }

    /// Drops the storage kept for the next response (called when the connection goes idle).
    mutating func releaseSpare() {
        spare = []
    }

    /// Lets `write` append to the open coalescing chunk (creating it from spare storage).
    mutating func appendCoalesced(_ write: (inout [UInt8]) -> Void) {
        if chunks.last?.coalescing != true {
            var storage = spare
            spare = []
            if storage.capacity == 0 { storage.reserveCapacity(1024) }
            chunks.append(Chunk(bytes: storage, coalescing: true))
        }
        let last = chunks.count - 1
        let before = chunks[last].bytes.count
        write(&chunks[last].bytes)
        pendingBytes += chunks[last].bytes.count - before
    }

    /// Whether a body of `count` bytes is queued by reference (and held in the budget) rather
    /// than copied.
    static func isReferenced(_ count: Int) -> Bool { count > copyLimit }

    /// Queues `body`: copied if small, otherwise referenced as its own chunk and held in the
    /// budget even past its limit (bytes already promised, such as a farewell).
    mutating func appendBody(_ body: [UInt8]) {
        guard !body.isEmpty else { return }
        if Self.isReferenced(body.count) {
            _ = budget.hold(body, evenPastLimit: true)
            appendHeldBody(body)
        } else {
            appendCoalesced { $0.append(contentsOf: body) }
        }
    }

    /// Queues a large body the caller has held in the budget (``ResponseBudget/hold(_:evenPastLimit:)``),
    /// referenced as its own chunk; the queue releases it once sent or dropped.
    mutating func appendHeldBody(_ body: [UInt8]) {
        chunks.append(Chunk(bytes: body, coalescing: false, held: true))
        pendingBytes += body.count
    }

    /// Drops everything queued (the connection is closing) and gives its bytes back to the budget.
    mutating func releaseAll() {
        for chunk in chunks where chunk.held { budget.release(chunk.bytes) }
        chunks = []
        firstOffset = 0
        pendingBytes = 0
        spare = []
        budget.add(-countedWaitingBytes)
        countedWaitingBytes = 0
    }

    enum WriteOutcome {
        /// Everything was sent.
        case drained
        /// The socket buffer is full; `progressed` says whether anything was sent.
        case blocked(progressed: Bool)
        /// The peer is gone or the socket failed.
        case failed
    }

    /// Sends as much as the socket takes now. At most two chunks per system call.
    mutating func write(to fd: Int32) -> WriteOutcome {
        var progressed = false
        while !chunks.isEmpty {
            let sent = sendFront(fd)
            if sent < 0 {
                let code = errno
                if code == EAGAIN || code == EWOULDBLOCK {
                    countWaitingBytes()
                    return .blocked(progressed: progressed)
                }
                if code == EINTR { continue }
                return .failed
            }
            progressed = progressed || sent > 0
            consume(sent)
        }
        if countedWaitingBytes != 0 {
            budget.add(-countedWaitingBytes)
            countedWaitingBytes = 0
        }
        return .drained
    }

    /// Brings the budget's count of this queue's copied bytes waiting for the reader up to
    /// date. O(chunks).
    private mutating func countWaitingBytes() {
        var waiting = 0
        for chunk in chunks where chunk.coalescing { waiting += chunk.bytes.count }
        if chunks.first?.coalescing == true { waiting -= firstOffset }
        guard waiting != countedWaitingBytes else { return }
        budget.add(waiting - countedWaitingBytes)
        countedWaitingBytes = waiting
    }

    private func sendFront(_ fd: Int32) -> Int {
        let firstOffset = self.firstOffset
        return chunks[0].bytes.withUnsafeBytes { first -> Int in
            let head = UnsafeRawBufferPointer(rebasing: first[firstOffset...])
            guard chunks.count > 1 else { return cld_send(fd, head.baseAddress, head.count) }
            return chunks[1].bytes.withUnsafeBytes { second in Self.send(fd, head, second) }
        }
    }

    /// Sends `first` then `second` with one call.
    private static func send(_ fd: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Int {
        var vectors = (
            iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count)
        )
        return withUnsafeBytes(of: &vectors) { raw in
            cld_sendv(fd, raw.baseAddress?.assumingMemoryBound(to: iovec.self), 2)
        }
    }

    private mutating func consume(_ count: Int) {
        precondition(count <= pendingBytes, "outbound queue: the socket took more than was queued")
        pendingBytes -= count
        var remaining = count
        while remaining > 0 || (!chunks.isEmpty && chunks[0].bytes.count == firstOffset) {
            let available = chunks[0].bytes.count - firstOffset
            if remaining < available {
                firstOffset += remaining
                return
            }
            remaining -= available
            var finished = chunks.removeFirst()
            firstOffset = 0
            if finished.held { budget.release(finished.bytes) }
            if finished.coalescing && finished.bytes.capacity <= 256 * 1024 && spare.capacity == 0 {
                finished.bytes.removeAll(keepingCapacity: true)
                spare = finished.bytes
            }
        }
    }
}
