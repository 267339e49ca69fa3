/// Longest strictly increasing subsequence, the move minimiser: of the elements kept between
/// two lists, those on one longest increasing run of old positions stay put and every other
/// one is exactly one move. So one moved item is one move.
public enum LongestIncreasingSubsequence {
    /// Marks the members of one longest strictly increasing subsequence of `values`.
    ///
    /// - Returns: `result[i]` is true when `values[i]` is on the chosen subsequence.
    /// - Complexity: O(m log m) for m values (patience sorting with predecessor links).
    public static func members(of values: [Int32]) -> [Bool] {
        var members = [Bool](_filling: false, count: values.count)
        var scratch = Scratch()
        mark(values, into: &members, scratch: &scratch)
        return members
    }

    /// Reusable buffers, so a diff over many sections allocates them once.
    @usableFromInline
    struct Scratch {
        @usableFromInline var tails: [Int32] = []
        /// `values[tails[k]]`, kept beside `tails` so each search step is one load.
        @usableFromInline var tailValues: [Int32] = []
        @usableFromInline var previous: [Int32] = []
        @usableFromInline init() {}
    }

    /// The length of a longest strictly increasing subsequence. O(m log m).
    public static func length(of values: [Int32]) -> Int {
        members(of: values).lazy.filter { $0 }.count
    }

    /// Patience sorting over raw buffers. An element above the current longest run's tail
    /// extends it without a binary search, so nearly sorted input costs O(m).
    @usableFromInline
    static func mark(_ values: [Int32], into members: inout [Bool], scratch: inout Scratch) {
        let count = values.count
        guard count > 0 else { return }
        if scratch.tails.count < count { scratch.tails = [Int32](_filling: 0, count: count) }
        if scratch.tailValues.count < count { scratch.tailValues = [Int32](_filling: 0, count: count) }
        if scratch.previous.count < count { scratch.previous = [Int32](_filling: 0, count: count) }
        var last = scratch.tails.withUnsafeMutableBufferPointer { tails in
            scratch.tailValues.withUnsafeMutableBufferPointer { tailValues in
            scratch.previous.withUnsafeMutableBufferPointer { previous in
                values.withUnsafeBufferPointer { values in
                    var length = 0
                    for index in 0..<count {
                        let value = values[index]
                        var low = length
                        if length > 0, tailValues[length &- 1] >= value {
                            // Branch-free lower bound: the first tail whose value is >= value.
                            // On shuffled input a branching search mispredicts about every step.
                            var base = 0
                            var span = length
                            while span > 1 {
                                let half = span >> 1
                                base = tailValues[base &+ half &- 1] < value ? base &+ half : base
                                span &-= half
                            }
                            low = base
                        }
                        previous[index] = low > 0 ? tails[low &- 1] : -1
                        tails[low] = Int32(truncatingIfNeeded: index)
                        tailValues[low] = value
                        if low == length { length &+= 1 }
                    }
                    return Int(tails[length &- 1])
                }
            }
            }
        }
        members.withUnsafeMutableBufferPointer { members in
            scratch.previous.withUnsafeBufferPointer { previous in
                while last >= 0 {
                    members[last] = true
                    last = Int(previous[last])
                }
            }
        }
    }
}
