import CListDiffEpoll

/// Process-wide allocator settings for a long-running server.
///
/// glibc hands large blocks (a request body, a snapshot's item array) back to the kernel as
/// soon as they are freed and maps fresh ones for the next request, so every request pays
/// page faults for memory it just had: measured here, about half of the time to decode a
/// 300 KB diff request. Keeping freed memory in the heap removes that; the heap then stays
/// at its high-water mark, which the server's own limits bound.
public enum AllocatorTuning {
    /// Keeps freed memory for reuse: no returning the heap top, no per-block mappings below
    /// 64 MiB, 16 MiB of slack on each heap extension. Call once at startup; a no-op off glibc.
    public static func retainFreedMemory() {
        cld_retain_freed_memory()
    }

    /// Bytes of heap held by live allocations (glibc's `mallinfo2`, every arena); 0 off glibc.
    /// For memory reports and metrics. O(arenas).
    public static func heapBytesInUse() -> Int {
        Int(cld_heap_bytes_in_use())
    }
}
