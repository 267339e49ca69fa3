/// Empties the wire's item arrays without the run-time value witnesses of the generic
/// `Snapshot.Item`, which the arrays' storage would otherwise destroy each item through.
internal enum _PlainItems {
    /// An item's bits when it holds no reference, the same size and alignment as
    /// `WireSnapshot.Item` (its identifier's two inline words, hash and absent slab, and its
    /// absent content): what an array of such items can be emptied as, destroying nothing.
    struct Bits {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64)
    }

    /// Whether items can be emptied as ``Bits``: the layouts agree (they do on every 64-bit
    /// platform; elsewhere the items are popped). O(1), folded by the compiler.
    @inline(__always)
    static var layoutsAgree: Bool {
        MemoryLayout<Bits>.size == MemoryLayout<WireSnapshot.Item>.size
            && MemoryLayout<Bits>.stride == MemoryLayout<WireSnapshot.Item>.stride
            && MemoryLayout<Bits>.alignment == MemoryLayout<WireSnapshot.Item>.alignment
    }

    /// Empties `items`, whose storage `items` alone references (``isUniquelyReferenced(_:)``),
    /// keeping the storage, so that freeing it later destroys nothing. The items holding a
    /// reference (a long identifier's slab, content) are replaced first, which releases it
    /// there; every item left is then plain bits, and the array, viewed as one of ``Bits``
    /// (the same storage: a `ContiguousArray` is one reference to it, its elements placed by
    /// their alignment, which agrees), is emptied without destroying anything. O(items): a
    /// test each, plus the releases.
    static func empty(_ items: inout ContiguousArray<WireSnapshot.Item>) {
        guard layoutsAgree else {
            while items.popLast() != nil {}
            return
        }
        items.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices where buffer[index].id._long != nil || buffer[index].content != nil {
                buffer[index] = WireSnapshot.Item(WireID(_low: 0, high: 0, hash: 0))
            }
        }
        withUnsafeMutablePointer(to: &items) { pointer in
            pointer.withMemoryRebound(to: ContiguousArray<Bits>.self, capacity: 1) {
                $0.pointee.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Whether `array`'s storage is referenced by `array` alone, so that emptying it copies
    /// nothing. A `ContiguousArray` is one strong reference to its storage object (its layout
    /// is frozen), whose count is read here without taking another reference. O(1).
    @inline(__always)
    static func isUniquelyReferenced<Element>(_ array: inout ContiguousArray<Element>) -> Bool {
        withUnsafeMutablePointer(to: &array) { pointer in
            pointer.withMemoryRebound(to: AnyObject.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
        }
    }
}
