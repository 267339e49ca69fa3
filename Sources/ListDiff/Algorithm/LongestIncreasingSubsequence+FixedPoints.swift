extension LongestIncreasingSubsequence {
    /// Marks the members of a longest strictly increasing subsequence of `values` among
    /// those that contain every element `isFixed` marks; the fixed elements must themselves
    /// increase.
    ///
    /// Sections use it with their fixed points (old index == new index): UIKit rejects a
    /// section moved to its own index (R8), so a fixed section outside the stable run could
    /// only be deleted and inserted again, losing its cells. When some longest run holds
    /// every fixed point, the result is one of them (minimal moves); otherwise it is the
    /// longest run that keeps them, at the cost of the fewest extra moves that keep every
    /// cell in one batch.
    ///
    /// - Complexity: O(m log m) for m values: every element that could not share a run with
    ///   all the fixed points (it lies outside the bounds of the fixed ones around it) is
    ///   left out, and on the rest any longest run holds every fixed point.
    public static func members(of values: [Int32], keeping isFixed: [Bool]) -> [Bool] {
        precondition(values.count == isFixed.count, "one fixed flag per value")
        var compatible: [Int32] = []
        var positions: [Int] = []
        compatible.reserveCapacity(values.count)
        positions.reserveCapacity(values.count)
        // Each value must exceed the fixed value before it and stay under the next one.
        var upperBounds = [Int32](_filling: .max, count: values.count)
        var nextFixed = Int32.max
        for index in values.indices.reversed() {
            upperBounds[index] = nextFixed
            if isFixed[index] { nextFixed = values[index] }
        }
        var lowerBound = Int32.min
        for index in values.indices {
            if isFixed[index] {
                compatible.append(values[index])
                positions.append(index)
                lowerBound = values[index]
            } else if values[index] > lowerBound, values[index] < upperBounds[index] {
                compatible.append(values[index])
                positions.append(index)
            }
        }
        var members = [Bool](_filling: false, count: values.count)
        for (position, member) in zip(positions, Self.members(of: compatible)) where member { members[position] = true }
        return members
    }
}
