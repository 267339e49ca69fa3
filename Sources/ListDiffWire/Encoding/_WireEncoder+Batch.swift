import ListDiff
@_spi(Unchecked) import ListDiffJSON

extension _WireEncoder {
    /// Writes a batch changeset (see the module documentation for the shape), assembled
    /// before (``WireChangeset/init(_:sequential:)``): `{"stages": [stage…], "updates": {…}}`. Stage `i` carries
    /// `"snapshot"` when `intermediateSnapshots` has an element `i`, an outline section as its
    /// rows (``_writeStageSnapshot(_:flat:)``). Flat: plain item indexes,
    /// and section members only if a changeset (unusually) has section changes. O(size).
    mutating func writeBatch(_ changeset: BatchChangeset, intermediateSnapshots: [WireSnapshot], flat: Bool) {
        writer.beginObject()
        writer.key("stages")
        writer.beginArray()
        for (index, stage) in changeset.stages.enumerated() {
            writer.beginObject()
            if !flat || !stage.sectionDeletes.isEmpty || !stage.sectionInserts.isEmpty || !stage.sectionMoves.isEmpty
                || !stage.sectionReloads.isEmpty
            {
                writer.key("sections")
                writer.beginObject()
                _writeSectionOperations(stage)
                writer.endObject()
            }
            if flat {
                _writeItemOperations(stage, flat: true)
            } else {
                writer.key("items")
                writer.beginObject()
                _writeItemOperations(stage, flat: false)
                writer.endObject()
            }
            if index < intermediateSnapshots.count {
                writer.key("snapshot")
                _writeStageSnapshot(intermediateSnapshots[index], flat: flat)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.key("updates")
        writer.beginObject()
        if !flat || !changeset.updates.sectionReloads.isEmpty {
            _writeInts("sections", changeset.updates.sectionReloads)
        }
        _writePaths("reloads", changeset.updates.itemReloads, flat: flat)
        _writePaths("reconfigures", changeset.updates.itemReconfigures, flat: flat)
        writer.endObject()
        writer.endObject()
    }

    mutating func _writeSectionOperations(_ stage: BatchUpdate) {
        _writeInts("deletes", stage.sectionDeletes)
        _writeInts("inserts", stage.sectionInserts)
        writer.arrayMemberUnchecked("moves", stage.sectionMoves, maxElementBytes: Self._maxPairBytes) { move, out in
            Self._writePair(move.from, move.to, to: out)
        }
        if !stage.sectionReloads.isEmpty {
            _writeInts("reloads", stage.sectionReloads)
        }
    }

    mutating func _writeItemOperations(_ stage: BatchUpdate, flat: Bool) {
        _writePaths("deletes", stage.itemDeletes, flat: flat)
        _writePaths("inserts", stage.itemInserts, flat: flat)
        if flat {
            writer.arrayMemberUnchecked("moves", stage.itemMoves, maxElementBytes: Self._maxPairBytes) { move, out in
                Self._writePair(move.from.item, move.to.item, to: out)
            }
        } else {
            writer.arrayMemberUnchecked("moves", stage.itemMoves, maxElementBytes: 2 &* Self._maxPairBytes &+ 3) {
                move, out in
                var next = out
                next.pointee = UInt8(ascii: "[")
                next += 1
                next += Self._writePair(move.from.section, move.from.item, to: next)
                next.pointee = UInt8(ascii: ",")
                next += 1
                next += Self._writePair(move.to.section, move.to.item, to: next)
                next.pointee = UInt8(ascii: "]")
                return next - out &+ 1
            }
        }
        if !stage.itemReloads.isEmpty {
            _writePaths("reloads", stage.itemReloads, flat: flat)
        }
    }

    /// The member `"name":[value…]`. O(count).
    mutating func _writeInts(_ name: StaticString, _ values: [Int]) {
        writer.arrayMemberUnchecked(name, values, maxElementBytes: JSONWriter.maxDecimalBytes) { value, out in
            JSONWriter.writeDecimal(value, to: out)
        }
    }

    /// The member `"name":[path…]`, index paths as `[section, item]`, or the item index alone
    /// for flat lists. O(count).
    mutating func _writePaths(_ name: StaticString, _ paths: [ItemPath], flat: Bool) {
        if flat {
            writer.arrayMemberUnchecked(name, paths, maxElementBytes: JSONWriter.maxDecimalBytes) { path, out in
                JSONWriter.writeDecimal(path.item, to: out)
            }
        } else {
            writer.arrayMemberUnchecked(name, paths, maxElementBytes: Self._maxPairBytes) { path, out in
                Self._writePair(path.section, path.item, to: out)
            }
        }
    }

    /// `[section, item]` (or any pair), or the item index alone for flat lists. O(1).
    mutating func _writePath(_ path: ItemPath, flat: Bool) {
        if flat {
            writer.int(path.item)
            return
        }
        writer.beginArray()
        writer.int(path.section)
        writer.int(path.item)
        writer.endArray()
    }

    /// The most bytes `_writePair` writes.
    static var _maxPairBytes: Int { 2 &* JSONWriter.maxDecimalBytes &+ 3 }

    /// Writes `[first,second]` at `out` and returns the number of bytes written. O(digits).
    @inline(__always)
    static func _writePair(_ first: Int, _ second: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var next = out
        next.pointee = UInt8(ascii: "[")
        next += 1
        next += JSONWriter.writeDecimal(first, to: next)
        next.pointee = UInt8(ascii: ",")
        next += 1
        next += JSONWriter.writeDecimal(second, to: next)
        next.pointee = UInt8(ascii: "]")
        return next - out &+ 1
    }
}
