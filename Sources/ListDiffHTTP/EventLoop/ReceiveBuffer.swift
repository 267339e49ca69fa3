/// A connection's unparsed input: one manually managed byte region with read and write
/// indexes, so `read(2)` writes straight into it and consumed bytes cost only an index move.
/// Owned by one connection on one event loop thread.
final class ReceiveBuffer {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    private var readIndex = 0
    private var writeIndex = 0

    init(capacity: Int) {
        self.capacity = capacity
        storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { storage.deallocate() }

    var isEmpty: Bool { readIndex == writeIndex }
    var count: Int { writeIndex - readIndex }

    /// The bytes not yet consumed; valid until the next mutating call.
    var readable: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + readIndex, count: writeIndex - readIndex)
    }

    func consume(_ count: Int) {
        readIndex += count
        if readIndex == writeIndex {
            readIndex = 0
            writeIndex = 0
        }
    }

    /// Free space of at least `minimum` bytes after the unread ones, compacting or growing
    /// (doubling) as needed. Amortised O(1) per byte.
    func writableSpace(minimum: Int) -> UnsafeMutableRawBufferPointer {
        if capacity - writeIndex < minimum, readIndex > 0 {
            let unread = writeIndex - readIndex
            storage.copyMemory(from: storage + readIndex, byteCount: unread)
            readIndex = 0
            writeIndex = unread
        }
        if capacity - writeIndex < minimum {
            var newCapacity = capacity * 2
            while newCapacity - writeIndex < minimum { newCapacity *= 2 }
            let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
            grown.copyMemory(from: storage, byteCount: writeIndex)
            storage.deallocate()
            storage = grown
            capacity = newCapacity
        }
        return UnsafeMutableRawBufferPointer(start: storage + writeIndex, count: capacity - writeIndex)
    }

    func didWrite(_ count: Int) {
        writeIndex += count
    }
}
