import ListDiffJSON
import ListDiffTestRun
import Testing

/// The writer's structure check (debug builds, which the tests are): a document is complete
/// only when every container is closed, and a call that would make invalid JSON stops the
/// process at that call instead of answering a broken body.
@Suite(.ownThreads) struct WriterStructureTests {
    @Test func aDocumentIsCompleteOnlyWhenEveryContainerIsClosed() {
        var writer = JSONWriter()
        #expect(!writer.isComplete, "nothing written yet")
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.int(1)
        #expect(!writer.isComplete)
        writer.endArray()
        #expect(!writer.isComplete)
        writer.endObject()
        #expect(writer.isComplete)
        var scalar = JSONWriter()
        scalar.string("s")
        #expect(scalar.isComplete)
    }

    #if DEBUG
    @Test func anUnbalancedOrMisplacedCallStopsAtThatCall() async {
        await #expect(processExitsWith: .failure) {
            var writer = JSONWriter()
            writer.beginArray()
            writer.endObject()
        }
        await #expect(processExitsWith: .failure) {
            var writer = JSONWriter()
            writer.beginArray()
            writer.endArray()
            writer.endArray()
        }
        await #expect(processExitsWith: .failure) {
            var writer = JSONWriter()
            writer.beginObject()
            writer.int(1)
        }
        await #expect(processExitsWith: .failure) {
            var writer = JSONWriter()
            writer.beginArray()
            writer.key("a")
        }
        await #expect(processExitsWith: .failure) {
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("a")
            writer.endObject()
        }
        await #expect(processExitsWith: .failure) {
            var writer = JSONWriter()
            writer.int(1)
            writer.int(2)
        }
    }
    #endif
}
