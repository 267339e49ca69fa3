import CListDiffEpoll

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Process-wide allocator settings for a long-running server.
///
/// glibc hands large blocks (a request body, a snapshot's item array) back to the kernel as
/// soon as they are freed and maps fresh ones for the next request, so every request pays
/// page faults for memory it just had, a large share of decoding a large diff request.
/// Keeping freed memory in the heap removes that. Blocks of 4 MiB and
/// more (a large body) are still mapped and unmapped on their own — their page faults are
/// small beside the work on them, and a thread's arena would otherwise keep them resident
/// for good (`malloc_trim` does not shrink the top of a thread's heap); what a burst leaves
/// in the heaps is handed back once it has passed (``IdleMemoryReturn``).
public enum AllocatorTuning {
    /// Keeps freed memory for reuse: no returning the heap top, no per-block mappings below
    /// 4 MiB, 16 MiB of slack on each heap extension. Call once at startup; a no-op off glibc.
    public static func retainFreedMemory() {
        cld_retain_freed_memory()
    }

    /// Hands the heap's free pages back to the system (glibc `malloc_trim(0)`). O(heap); a
    /// no-op off glibc.
    public static func releaseFreeMemory() {
        cld_release_free_memory()
    }

    /// Bytes of heap held by live allocations (glibc's `mallinfo2`, every arena); 0 off glibc.
    /// For memory reports and metrics. O(arenas).
    public static func heapBytesInUse() -> Int {
        Int(cld_heap_bytes_in_use())
    }

    /// Resident set size of the process, from `/proc/self/statm`; 0 where there is none.
    public static func residentBytes() -> Int {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var text = [UInt8](repeating: 0, count: 128)
        let count = text.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        // "size resident shared …", in pages.
        let fields = text[0..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
