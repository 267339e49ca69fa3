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
        members.withUnsafeMutableBufferPointer { members in
            values.withUnsafeBufferPointer { values in _markMembers(of: values, in: members) }
        }
        return members
    }

    /// Sets `members[i]` for each `values[i]` on one longest strictly increasing subsequence.
    ///
    /// - Complexity: O(m log m) for m values.
    static func _markMembers(of values: UnsafeBufferPointer<Int32>, in members: UnsafeMutableBufferPointer<Bool>) {
        var scratch = Scratch()
        forEachMember(of: values, scratch: &scratch) { members[$0] = true }
    }

    /// Reusable buffers, so a diff over many sections allocates them once: the tails, their
    /// values and the predecessor links, in one allocation reached through one ``Handle``.
    @usableFromInline
    struct Scratch {
        /// `tails | tailValues | previous`, of `capacity`, `capacity` + ``searchWindow`` and
        /// `capacity` elements.
        @usableFromInline var storage: [Int32] = []
        @usableFromInline var capacity = 0
        @usableFromInline init() {}

        /// The buffers of one pass over `count` values.
        @usableFromInline
        struct Handle {
            @usableFromInline let tails: UnsafeMutablePointer<Int32>
            /// `values[tails[k]]`, kept beside `tails` so each search step is one load, and
            /// ``searchWindow`` elements of `Int32.max` past the longest run's end for the
            /// search's last, vector step.
            @usableFromInline let tailValues: UnsafeMutablePointer<Int32>
            @usableFromInline let previous: UnsafeMutablePointer<Int32>

            @inlinable
            init(
                tails: UnsafeMutablePointer<Int32>, tailValues: UnsafeMutablePointer<Int32>,
                previous: UnsafeMutablePointer<Int32>
            ) {
                self.tails = tails
                self.tailValues = tailValues
                self.previous = previous
            }
        }

        /// Room for `count` values, left uninitialized (allocated by specialized code: see
        /// `Array(_initializingCapacity:_:)`): every pass writes each element it later reads.
        @usableFromInline
        mutating func reserve(_ count: Int) {
            guard capacity < count else { return }
            let total = 3 &* count &+ LongestIncreasingSubsequence.searchWindow
            storage = [Int32](_initializingCapacity: total) { _, initialized in initialized = total }
            capacity = count
        }

        /// Calls `body` with the buffers, room for ``capacity`` values. Inlinable, so that the
        /// array's buffer access is specialised (unspecialised, its exit check looks generic
        /// metadata up, once per section).
        @inlinable
        mutating func update<R>(_ body: (Handle) -> R) -> R {
            let capacity = capacity
            return storage.withUnsafeMutableBufferPointer { buffer in
                let base = buffer.baseAddress.unsafelyUnwrapped
                return body(
                    Handle(
                        tails: base, tailValues: base + capacity,
                        previous: base + (2 &* capacity &+ LongestIncreasingSubsequence.searchWindow)))
            }
        }
    }

    /// The predecessor link of a run's first value.
    @usableFromInline
    static var noPredecessor: Int32 { -1 }

    /// How many tails the search's last step counts at once: four 4-lane compares.
    @usableFromInline
    static var searchWindow: Int { 16 }

    /// The length of a longest strictly increasing subsequence. O(m log m).
    public static func length(of values: [Int32]) -> Int {
        members(of: values).lazy.filter { $0 }.count
    }

    /// Calls `body` with the index of each member of one longest strictly increasing
    /// subsequence of `values`, last first.
    ///
    /// Patience sorting over raw buffers. An element above the current longest run's tail
    /// extends it without a search, so nearly sorted input costs O(m).
    ///
    /// The search for the first tail not below a value halves the run until 16 tails are
    /// left, then counts the tails below the value among those 16 with vector compares. On
    /// shuffled input every halving step is a coin toss the processor mispredicts half the
    /// time (the compiler turns a select written without branches back into a branch), so
    /// the last four steps' worth are counted without branching.
    @inlinable
    static func forEachMember(
        of values: UnsafeBufferPointer<Int32>, scratch: inout Scratch, _ body: (Int) -> Void
    ) {
        let count = values.count
        guard count > 0 else { return }
        precondition(count <= Int(Int32.max), "positions are 32-bit")
        scratch.reserve(count)
        scratch.update { scratch in
            var last = patience(values, scratch: scratch)
            while last != Int(noPredecessor) {
                body(last)
                last = Int(scratch.previous[last])
            }
        }
    }

    /// The patience pass of ``forEachMember(of:scratch:_:)``: fills the tails and the predecessor
    /// links; returns the index of the longest run's last value.
    @usableFromInline @inline(__always)
    static func patience(_ values: UnsafeBufferPointer<Int32>, scratch: Scratch.Handle) -> Int {
        let count = values.count
        let window = searchWindow
        let (tails, tailValues, previous) = (scratch.tails, scratch.tailValues, scratch.previous)
        // Left uninitialized: the pass below writes every element it later reads, but for the
        // tail values past the run, which must be `Int32.max` (never below a value).
        tailValues.update(repeating: .max, count: count &+ window)
        var length = 0
        for index in 0..<count {
            let value = values[index]
            var low = length
            if length > 0, tailValues[length &- 1] >= value {
                var base = 0
                var span = length
                while span > window {
                    let half = span >> 1
                    base = tailValues[base &+ half &- 1] < value ? base &+ half : base
                    span &-= half
                }
                // The first tail not below `value` is among tails base..<base+16 (past the run
                // they are Int32.max): it is base plus the count below.
                low = base &+ countBelow(value, in: UnsafeRawPointer(tailValues + base))
            }
            previous[index] = low > 0 ? tails[low &- 1] : noPredecessor
            tails[low] = Int32(truncatingIfNeeded: index)
            tailValues[low] = value
            if low == length { length &+= 1 }
        }
        return Int(tails[length &- 1])
    }

    /// How many of the 16 values at `values` are below `value`. O(1): four 4-lane compares,
    /// no branch.
    @inline(__always)
    static func countBelow(_ value: Int32, in values: UnsafeRawPointer) -> Int {
        let bound = SIMD4<Int32>(repeating: value)
        var below = SIMD4<Int32>()
        for quarter in 0..<4 {
            // A lane of a true comparison mask is -1.
            below &-= unsafeBitCast(
                values.loadUnaligned(fromByteOffset: quarter &* 16, as: SIMD4<Int32>.self) .< bound,
                to: SIMD4<Int32>.self)
        }
        return Int(below.wrappedSum())
    }
}
