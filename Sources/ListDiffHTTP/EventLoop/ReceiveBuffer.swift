/// A connection's unparsed input: one manually managed byte region with read and write
/// indexes, so `read(2)` writes straight into it and consumed bytes cost only an index move.
/// Owned by one connection on one event loop thread.
///
/// Storage is allocated on the first read and handed back by ``release()`` when the
/// connection goes idle, so an idle or waiting connection holds no buffer at all.
final class ReceiveBuffer {
    /// The first allocation; growth doubles from here.
    static let initialCapacity = 4096

    private var storage: UnsafeMutableRawPointer?
    private(set) var capacity = 0
    private var readIndex = 0
    private var writeIndex = 0

    init() {}

    deinit { storage?.deallocate() }

    var isEmpty: Bool { readIndex == writeIndex }
    var count: Int { writeIndex - readIndex }

    /// The bytes not yet consumed; valid until the next mutating call.
    var readable: UnsafeRawBufferPointer {
        guard let storage else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: storage + readIndex, count: writeIndex - readIndex)
    }

    func consume(_ count: Int) {
        precondition(count >= 0 && count <= writeIndex - readIndex, "receive buffer: consumed more than it holds")
        readIndex += count
        if readIndex == writeIndex {
            readIndex = 0
            writeIndex = 0
        }
    }

    /// Frees the storage if nothing is buffered. O(1).
    func release() {
        guard isEmpty, let storage else { return }
        storage.deallocate()
        self.storage = nil
        capacity = 0
    }

    /// Free space of at least `minimum` bytes after the unread ones, compacting or growing
    /// (doubling) as needed. Amortised O(1) per byte.
    func writableSpace(minimum: Int) -> UnsafeMutableRawBufferPointer {
        if capacity - writeIndex < minimum, readIndex > 0, let storage {
            let unread = writeIndex - readIndex
            storage.copyMemory(from: storage + readIndex, byteCount: unread)
            readIndex = 0
            writeIndex = unread
        }
        if capacity - writeIndex < minimum {
            var newCapacity = max(capacity * 2, Self.initialCapacity)
            while newCapacity - writeIndex < minimum { newCapacity *= 2 }
            let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
            if let storage {
                grown.copyMemory(from: storage, byteCount: writeIndex)
                storage.deallocate()
            }
            storage = grown
            capacity = newCapacity
        }
        // Non-nil here: the branch above allocates whenever capacity was 0.
        return UnsafeMutableRawBufferPointer(start: storage.map { $0 + writeIndex }, count: capacity - writeIndex)
    }

    func didWrite(_ count: Int) {
        precondition(count >= 0 && count <= capacity - writeIndex, "receive buffer: wrote past its space")
        writeIndex += count
    }
}
