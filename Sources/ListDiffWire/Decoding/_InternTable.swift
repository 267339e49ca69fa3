import ListDiffJSON

/// The identifiers of one request, interned while parsing: an open-addressing table (linear
/// probing, load ≤ 3/4) shared by every snapshot of the request, so that each occurrence of
/// an identifier is hashed once, each distinct long identifier is copied once, and duplicates
/// and marks are found by entry.
///
/// A slot packs the upper 32 bits of the hash with the entry index + 1 (0 = empty), so probes
/// that miss never touch the entries; a short identifier's or a UUID's hit compares its two
/// inline words.
/// Entries hold no references (long identifiers are kept apart), so freeing the table reads
/// none of them.
///
/// The storage is manually allocated (the decoder runs millions of probes per request, and
/// arrays would pay a uniqueness and a bounds check on each), first from the decode's
/// ``_DecodeArena``, then, once the table grows, its own: whoever makes a table calls
/// ``deallocate()`` once, when the request's decode ends.
@usableFromInline
internal struct _InternTable {
    @usableFromInline var _slots: UnsafeMutablePointer<UInt64>
    @usableFromInline var _mask: Int
    @usableFromInline var _entries: UnsafeMutablePointer<_InternEntry>
    /// The number of entries; at most three quarters of the slots.
    @usableFromInline var count: Int
    /// The entries the slots hold before the table grows (``_entryCapacity(slots:)``), kept
    /// rather than worked out at each insert.
    @usableFromInline var _limit: Int
    /// The identifiers longer than 15 bytes (UUIDs apart), by the index their entries hold.
    @usableFromInline var _longIDs: [WireID]
    /// Where the text of new long identifiers goes.
    @usableFromInline var _slab: _LongWireIDSlab?
    @usableFromInline let seed: UInt64
    /// Whether the slots and entries are the table's own (it grew) rather than the arena's.
    @usableFromInline var _ownsStorage = false

    /// The slots for an input of `inputBytes` bytes: about one distinct identifier per 16
    /// bytes before the table grows.
    static func slotCapacity(inputBytes: Int) -> Int {
        var capacity = 64
        while capacity < inputBytes / 16 { capacity &<<= 1 }
        return capacity
    }

    /// The bytes of `arena` a table for `inputBytes` bytes takes.
    static func arenaBytes(inputBytes: Int) -> Int {
        let capacity = slotCapacity(inputBytes: inputBytes)
        return _DecodeArena.bytes(for: UInt64.self, count: capacity)
            + _DecodeArena.bytes(for: _InternEntry.self, count: _entryCapacity(slots: capacity))
    }

    /// A table sized for an input of `inputBytes` bytes, its storage carved from `arena`.
    /// O(capacity) to clear the slots.
    init(inputBytes: Int, arena: inout _DecodeArena) {
        let capacity = Self.slotCapacity(inputBytes: inputBytes)
        _slots = arena.carve(UInt64.self, count: capacity)
        _slots.initialize(repeating: 0, count: capacity)
        _mask = capacity &- 1
        _limit = Self._entryCapacity(slots: capacity)
        _entries = arena.carve(_InternEntry.self, count: _limit)
        count = 0
        _longIDs = []
        _slab = nil
        seed = ByteHash.seed
    }

    /// Frees the storage the table grew into; the table must not be used afterwards.
    /// O(long identifiers).
    @inlinable
    mutating func deallocate() {
        if _ownsStorage {
            _entries.deallocate()
            _slots.deallocate()
        }
        _longIDs = []
        _slab = nil
        count = 0
    }

    /// The identifier of the entry at `index` (from `intern`). O(1).
    @inlinable
    @inline(__always)
    func id(_ index: Int) -> WireID {
        let entry = _entries[index]
        if entry.isLong { return _longIDs[Int(truncatingIfNeeded: entry.low)] }
        return WireID(
            _low: entry.low, high: entry.high, hash: ByteHash.hash(low: entry.low, high: entry.high, seed: seed))
    }

    /// The entry at `index` (from `intern`), for its marks. O(1).
    @inlinable
    subscript(index: Int) -> _InternEntry {
        unsafeAddress { UnsafePointer(_entries + index) }
        nonmutating unsafeMutableAddress { _entries + index }
    }

    /// The entry index of the short identifier or UUID with these inline words and their hash
    /// (``ListDiffJSON/ByteHash/hash(low:high:seed:)``), adding it if new. O(1) expected.
    @inlinable
    @inline(__always)
    mutating func internShort(low: UInt64, high: UInt64, hash: Int) -> Int {
        let (found, slot) = _probe(hash) { entry in entry.low == low && entry.high == high }
        if let found { return found }
        return _insert(_InternEntry(low: low, high: high), slot: slot, tag: Self._tag(hash))
    }

    /// The entry whose tag matches `hash` and which `matches` accepts, or else the empty slot
    /// where the probe for `hash` ended. O(1) expected.
    @inlinable
    @inline(__always)
    func _probe(_ hash: Int, _ matches: (_InternEntry) -> Bool) -> (index: Int?, slot: Int) {
        let tag = Self._tag(hash)
        var slot = hash & _mask
        while true {
            let value = _slots[slot]
            if value == 0 { return (nil, slot) }
            if value & 0xFFFF_FFFF_0000_0000 == tag {
                let index = Int(truncatingIfNeeded: value & 0xFFFF_FFFF) &- 1
                if matches(_entries[index]) { return (index, slot) }
            }
            slot = (slot &+ 1) & _mask
        }
    }

    /// The entry index of the identifier whose UTF-8 is `bytes[start..<end]`, adding it if
    /// new. O(length) expected; a long identifier is copied only when new.
    @inlinable
    @inline(__always)
    mutating func intern(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) -> Int {
        let count = end &- start
        if count <= WireID._inlineCapacity {
            let (low, high) = WireID._inlineWords(bytes, start: start, count: count)
            return internShort(low: low, high: high, hash: ByteHash.hash(low: low, high: high, seed: seed))
        }
        if count == _UUIDText.length, let (low, high) = _UUIDText.words(bytes, at: start) {
            return internShort(low: low, high: high, hash: ByteHash.hash(low: low, high: high, seed: seed))
        }
        let hash = ByteHash.hash(bytes, start: start, end: end, seed: seed)
        let (found, slot) = _probe(hash) { entry in
            guard entry.isLong else { return false }
            let id = _longIDs[Int(truncatingIfNeeded: entry.low)]
            return id._hash == hash && id._longCount == count
                && id.withUTF8 { RawBytes.equal($0, 0, bytes, start, count: count) }
        }
        if let found { return found }
        let text = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        var offset = _slab?.append(text)
        if offset == nil {
            // At the first long identifier, room for as many as the table holds before it
            // grows (about one per 21 input bytes; a long one takes at least 19): growing the
            // array one doubling at a time moved them all each time.
            if _longIDs.isEmpty { _longIDs.reserveCapacity(_limit) }
            _slab = _LongWireIDSlab.make(capacity: max(_LongWireIDSlab.decodeCapacity, count))
            offset = _slab?.append(text)
        }
        // The slab was just made large enough, so the offset is there.
        _longIDs.append(WireID(_long: _slab.unsafelyUnwrapped, offset: offset ?? 0, count: count, hash: hash))
        return _insert(
            _InternEntry(low: UInt64(_longIDs.count &- 1), high: WireID._longMarker &<< 56), slot: slot,
            tag: Self._tag(hash))
    }

    /// The most entries `slots` slots hold before the table grows: three quarters. Probes stay
    /// short (eight slots share a cache line), and the slots take half the memory they would
    /// at one half.
    @inlinable
    @inline(__always)
    static func _entryCapacity(slots: Int) -> Int {
        slots &- slots &>> 2
    }

    @inlinable
    @inline(__always)
    static func _tag(_ hash: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: UInt(bitPattern: hash) &>> 32) &<< 32
    }

    /// Adds `entry` at the empty `slot` its probe ended on. O(1) amortized.
    @inlinable
    @inline(__always)
    mutating func _insert(_ entry: _InternEntry, slot: Int, tag: UInt64) -> Int {
        let index = count
        (_entries + index).initialize(to: entry)
        _slots[slot] = tag | UInt64(truncatingIfNeeded: index &+ 1)
        count = index &+ 1
        if count == _limit { _grow() }
        return index
    }

    /// Doubles the slots and the entry storage and reinserts every entry by its stored hash.
    /// O(entries).
    @usableFromInline
    mutating func _grow() {
        let capacity = (_mask &+ 1) &* 2
        if _ownsStorage { _slots.deallocate() }
        _slots = .allocate(capacity: capacity)
        _slots.initialize(repeating: 0, count: capacity)
        _mask = capacity &- 1
        _limit = Self._entryCapacity(slots: capacity)
        let entries = UnsafeMutablePointer<_InternEntry>.allocate(capacity: _limit)
        entries.moveInitialize(from: _entries, count: count)
        if _ownsStorage { _entries.deallocate() }
        _entries = entries
        _ownsStorage = true
        for index in 0..<count {
            let entry = _entries[index]
            let hash =
                entry.isLong
                ? _longIDs[Int(truncatingIfNeeded: entry.low)]._hash
                : ByteHash.hash(low: entry.low, high: entry.high, seed: seed)
            var slot = hash & _mask
            while _slots[slot] != 0 { slot = (slot &+ 1) & _mask }
            _slots[slot] = Self._tag(hash) | UInt64(truncatingIfNeeded: index &+ 1)
        }
    }
}
