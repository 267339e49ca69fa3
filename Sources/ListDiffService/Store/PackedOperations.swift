import ListDiff

/// Sequential operations in a few bytes each: a tag byte and LEB128 varints, instead of the
/// enum's 33-byte stride. A reverse delta of a 1% change is a few hundred of them.
struct PackedOperations: Sendable {
    private var bytes: [UInt8] = []

    init(_ operations: [SequentialOperation]) {
        var bytes: [UInt8] = []
        func append(_ tag: UInt8, _ values: Int...) {
            bytes.append(tag)
            for value in values {
                var rest = UInt(max(0, value))
                while rest >= 0x80 {
                    bytes.append(UInt8(rest & 0x7F) | 0x80)
                    rest >>= 7
                }
                bytes.append(UInt8(rest))
            }
        }
        for operation in operations {
            switch operation {
            case .deleteSections(let at, let count): append(0, at, count)
            case .insertSections(let at, let count): append(1, at, count)
            case .moveSection(let from, let to): append(2, from, to)
            case .reloadSections(let at, let count): append(3, at, count)
            case .deleteItems(let section, let at, let count): append(4, section, at, count)
            case .insertItems(let section, let at, let count): append(5, section, at, count)
            case .moveItem(let from, let to): append(6, from.section, from.item, to.section, to.item)
            case .reloadItems(let section, let at, let count): append(7, section, at, count)
            case .reconfigureItems(let section, let at, let count): append(8, section, at, count)
            }
        }
        // Kept for the delta's lifetime: exactly as large as it needs to be.
        self.bytes = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: bytes)
        }
    }

    var byteCount: Int { bytes.capacity }

    /// The operations, in order. O(bytes).
    var operations: [SequentialOperation] {
        var result: [SequentialOperation] = []
        var index = 0
        func next() -> Int {
            var value = 0
            var shift = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            return value
        }
        while index < bytes.count {
            let tag = bytes[index]
            index += 1
            switch tag {
            case 0: result.append(.deleteSections(at: next(), count: next()))
            case 1: result.append(.insertSections(at: next(), count: next()))
            case 2: result.append(.moveSection(from: next(), to: next()))
            case 3: result.append(.reloadSections(at: next(), count: next()))
            case 4: result.append(.deleteItems(section: next(), at: next(), count: next()))
            case 5: result.append(.insertItems(section: next(), at: next(), count: next()))
            case 6: result.append(.moveItem(from: IndexPath(section: next(), item: next()), to: IndexPath(section: next(), item: next())))
            case 7: result.append(.reloadItems(section: next(), at: next(), count: next()))
            default: result.append(.reconfigureItems(section: next(), at: next(), count: next()))
            }
        }
        return result
    }
}
