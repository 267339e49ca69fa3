import ListDiffTestRun
import Testing

@testable import ListDiff

/// A section column holds one section's value inline and more in an array; it reads, writes
/// and compares alike either way.
@Suite(.ownThreads) struct SectionColumnTests {
    @Test(arguments: [0, 1, 2, 9])
    func readsAndWritesLikeAnArray(count: Int) {
        var column = _SectionColumn<Int32>(repeating: -1, count: count)
        var array = [Int32](repeating: -1, count: count)
        #expect(column.count == count)
        #expect(column.elementsEqual(array))
        for index in 0..<count {
            column[index] = Int32(index * 7 + 3)
            array[index] = Int32(index * 7 + 3)
        }
        #expect(Array(column) == array)
        #expect(column == _SectionColumn(array))
        #expect(column.withUnsafeBufferPointer { Array($0) } == array)
        #expect(column.max() == array.max())
        if count > 0 {
            var other = column
            other[count - 1] = 99
            #expect(other != column, "a copy changes alone")
            #expect(column[count - 1] == array[count - 1])
        }
    }

    @Test func oneSectionIsHeldInline() {
        let one = _SectionColumn<Bool>(repeating: true, count: 1)
        #expect(one._only == true && one._many.isEmpty)
        let two = _SectionColumn<Bool>(repeating: true, count: 2)
        #expect(two._only == nil && two._many == [true, true])
        #expect(_SectionColumn<Bool>([false])._only == false)
        #expect(([] as _SectionColumn<Bool>).isEmpty)
    }
}
