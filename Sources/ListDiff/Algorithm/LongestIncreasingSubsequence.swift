/// Longest strictly increasing subsequence, the move minimiser: of the elements kept between
/// two lists, those on one longest increasing run of old positions stay put and every other
/// one is exactly one move. So one moved item is one move.
public enum LongestIncreasingSubsequence {
    /// Marks the members of one longest strictly increasing subsequence of `values`.
    ///
    /// - Returns: `result[i]` is true when `values[i]` is on the chosen subsequence.
    /// - Complexity: O(m log m) for m values (patience sorting with predecessor links).
    public static func members(of values: [Int32]) -> [Bool] {
        var members = [Bool](repeating: false, count: values.count)
        var scratch = Scratch()
        mark(values, into: &members, scratch: &scratch)
        return members
    }

    /// Reusable buffers, so a diff over many sections allocates them once.
    @usableFromInline
    struct Scratch {
        @usableFromInline var tails: [Int32] = []
        @usableFromInline var previous: [Int32] = []
        @usableFromInline init() {}
    }

    /// The length of a longest strictly increasing subsequence. O(m log m).
    public static func length(of values: [Int32]) -> Int {
        members(of: values).lazy.filter { $0 }.count
    }

    @usableFromInline
    static func mark(_ values: [Int32], into members: inout [Bool], scratch: inout Scratch) {
        let count = values.count
        guard count > 0 else { return }
        scratch.tails.removeAll(keepingCapacity: true)
        scratch.previous.removeAll(keepingCapacity: true)
        scratch.previous.reserveCapacity(count)
        values.withUnsafeBufferPointer { values in
            for index in 0..<count {
                let value = values[index]
                // Binary search for the first tail whose value is >= value.
                var low = 0
                var high = scratch.tails.count
                while low < high {
                    let middle = (low &+ high) >> 1
                    if values[Int(scratch.tails[middle])] < value { low = middle &+ 1 } else { high = middle }
                }
                scratch.previous.append(low > 0 ? scratch.tails[low &- 1] : -1)
                if low == scratch.tails.count { scratch.tails.append(Int32(index)) } else { scratch.tails[low] = Int32(index) }
            }
        }
        var cursor = scratch.tails.last ?? -1
        while cursor >= 0 {
            members[Int(cursor)] = true
            cursor = scratch.previous[Int(cursor)]
        }
    }
}
