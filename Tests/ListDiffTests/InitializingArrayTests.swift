import ListDiff
import ListDiffTestRun
import Testing

/// Arrays made by writing into their uninitialised storage hold what was written, at the
/// count written: all of the room, part of it (plain values), none.
@Suite(.ownThreads) struct InitializingArrayTests {
    @Test(arguments: [0, 1, 7, 300])
    func holdsWhatWasWritten(capacity: Int) {
        for written in Set([0, capacity / 2, capacity]) {
            let array = [Int32](_initializingCapacity: capacity) { buffer, count in
                #expect(buffer.count == capacity)
                for index in 0..<written { buffer.initializeElement(at: index, to: Int32(index * 3)) }
                count = written
            }
            #expect(array == (0..<written).map { Int32($0 * 3) })
            let contiguous = ContiguousArray<Int32>(_initializingCapacity: capacity) { buffer, count in
                for index in 0..<written { buffer.initializeElement(at: index, to: Int32(index)) }
                count = written
            }
            #expect(Array(contiguous) == (0..<written).map { Int32($0) })
        }
    }

    @Test func elementsWithReferencesAreKeptWhole() {
        let texts = (0..<50).map { "a text long enough to live on the heap, number \($0)" }
        let array = ContiguousArray<String>(_initializingCapacity: texts.count) { buffer, count in
            for (index, text) in texts.enumerated() { buffer.initializeElement(at: index, to: text) }
            count = texts.count
        }
        #expect(Array(array) == texts)
        var copy = array
        copy.append("one more")
        #expect(array.count == texts.count && copy.count == texts.count + 1)
    }
}
