/// The per-item half of ``_DiffIndexes``: for each processed item, its section and partner
/// (old side), and its section, partner and stability (new side), as five columns of one
/// allocation. The matcher fills them and the assemblers read them through one
/// ``Handle`` (`update { handle in … }`, `read { handle in … }`), so a pass over both
/// sides opens one closure rather than one per column.
///
/// Items are numbered "flat" over the processed sections only (see ``_DiffIndexes``).
@usableFromInline
struct _ItemColumns: Sendable {
    /// A flat number that names no item: the partner of an item the other side lacks.
    @usableFromInline static var none: Int32 { -1 }

    /// `oldSection | oldPartner | newSection | newPartner | newStable`: `oldCount`,
    /// `oldCount`, `newCount` and `newCount` elements, then one byte a new item (in
    /// `stableWords` elements), as the `[Bool]` it replaces.
    @usableFromInline var storage: [Int32]
    @usableFromInline let oldCount: Int
    @usableFromInline let newCount: Int

    /// No processed item: no allocation.
    @inlinable
    init() {
        storage = []
        oldCount = 0
        newCount = 0
    }

    /// Columns for `oldCount` and `newCount` processed items, no item stable. The sections
    /// are left for the caller to write, the partners for the interning pass (every element
    /// of them, before any is read). O(old + new).
    @inlinable
    init(oldCount: Int, newCount: Int) {
        // Flat numbers and the symbol tables' codes (1 + old total + new flat) are 32-bit.
        precondition(oldCount >= 0 && newCount >= 0 && oldCount + newCount < Int(Int32.max), "too many items to diff")
        self.oldCount = oldCount
        self.newCount = newCount
        let stableStart = 2 &* (oldCount &+ newCount)
        let total = stableStart &+ Self.stableWords(newCount)
        guard total > 0 else {
            storage = []
            return
        }
        storage = [Int32](_initializingCapacity: total) { buffer, count in
            UnsafeMutableBufferPointer(rebasing: buffer[stableStart..<total]).initialize(repeating: 0)
            count = total
        }
    }

    /// The 32-bit elements that hold one stability byte per new item.
    @inlinable
    static func stableWords(_ newCount: Int) -> Int { (newCount &+ 3) >> 2 }

    /// Every column at once, through raw buffers. Raw: bounds are checked in debug builds only.
    @usableFromInline
    struct Handle {
        @usableFromInline let oldSection: UnsafeMutableBufferPointer<Int32>
        @usableFromInline let oldPartner: UnsafeMutableBufferPointer<Int32>
        @usableFromInline let newSection: UnsafeMutableBufferPointer<Int32>
        @usableFromInline let newPartner: UnsafeMutableBufferPointer<Int32>
        /// One byte a new item: 1 when it stays in its section and on that section's LIS.
        @usableFromInline let newStable: UnsafeMutableRawPointer?

        @inlinable
        init(_ base: UnsafeMutablePointer<Int32>?, oldCount: Int, newCount: Int) {
            oldSection = UnsafeMutableBufferPointer(start: base, count: oldCount)
            oldPartner = UnsafeMutableBufferPointer(start: base.map { $0 + oldCount }, count: oldCount)
            newSection = UnsafeMutableBufferPointer(start: base.map { $0 + (2 &* oldCount) }, count: newCount)
            newPartner = UnsafeMutableBufferPointer(
                start: base.map { $0 + (2 &* oldCount &+ newCount) }, count: newCount)
            newStable = base.map { UnsafeMutableRawPointer($0 + (2 &* (oldCount &+ newCount))) }
        }

        /// Whether new item `flat` stays where it is (no move).
        @inlinable @inline(__always)
        func isStable(new flat: Int) -> Bool {
            assert(flat >= 0 && flat < newPartner.count, "new flat number out of range")
            return newStable.unsafelyUnwrapped.load(fromByteOffset: flat, as: UInt8.self) != 0
        }

        /// Marks new item `flat` as staying where it is.
        @inlinable @inline(__always)
        func markStable(new flat: Int) {
            assert(flat >= 0 && flat < newPartner.count, "new flat number out of range")
            newStable.unsafelyUnwrapped.storeBytes(of: 1, toByteOffset: flat, as: UInt8.self)
        }

        /// Sets every partner to ``_ItemColumns/none``: an interning pass starts from here.
        @inlinable
        func forgetPartners() {
            oldPartner.update(repeating: _ItemColumns.none)
            newPartner.update(repeating: _ItemColumns.none)
        }
    }

    /// Calls `body` with a handle to write the columns through.
    @inlinable @inline(__always)
    mutating func update<R>(_ body: (Handle) -> R) -> R {
        let oldCount = oldCount
        let newCount = newCount
        return storage.withUnsafeMutableBufferPointer { buffer in
            body(Handle(buffer.baseAddress, oldCount: oldCount, newCount: newCount))
        }
    }

    /// Calls `body` with a handle to read the columns through; it must not write.
    @inlinable @inline(__always)
    func read<R>(_ body: (Handle) -> R) -> R {
        storage.withUnsafeBufferPointer { buffer in
            body(Handle(UnsafeMutablePointer(mutating: buffer.baseAddress), oldCount: oldCount, newCount: newCount))
        }
    }
}

extension _ItemColumns {
    /// The section of old item `flat`.
    @inlinable
    func oldSection(_ flat: Int) -> Int {
        assert(flat >= 0 && flat < oldCount, "old flat number out of range")
        return Int(storage[flat])
    }

    /// The new flat number of old item `flat`'s partner; nil when the new snapshot lacks it.
    @inlinable
    func oldPartner(_ flat: Int) -> Int? {
        assert(flat >= 0 && flat < oldCount, "old flat number out of range")
        let partner = storage[oldCount &+ flat]
        return partner == Self.none ? nil : Int(partner)
    }

    /// The section of new item `flat`.
    @inlinable
    func newSection(_ flat: Int) -> Int {
        assert(flat >= 0 && flat < newCount, "new flat number out of range")
        return Int(storage[2 &* oldCount &+ flat])
    }

    /// The old flat number of new item `flat`'s partner; nil when the old snapshot lacks it.
    @inlinable
    func newPartner(_ flat: Int) -> Int? {
        assert(flat >= 0 && flat < newCount, "new flat number out of range")
        let partner = storage[2 &* oldCount &+ newCount &+ flat]
        return partner == Self.none ? nil : Int(partner)
    }

    /// Whether new item `flat` stays where it is (no move).
    @inlinable
    func isStable(new flat: Int) -> Bool {
        precondition(flat >= 0 && flat < newCount, "new flat number out of range")
        return read { items in items.isStable(new: flat) }
    }

    /// Whether any of the old items `range` (flat numbers) is kept by the new snapshot.
    @inlinable
    func keepsAny(old range: Range<Int>) -> Bool {
        storage[(oldCount &+ range.lowerBound)..<(oldCount &+ range.upperBound)].contains { $0 != Self.none }
    }

    /// Whether any of the new items `range` (flat numbers) came from the old snapshot.
    @inlinable
    func keepsAny(new range: Range<Int>) -> Bool {
        let start = 2 &* oldCount &+ newCount
        return storage[(start &+ range.lowerBound)..<(start &+ range.upperBound)].contains { $0 != Self.none }
    }
}
