/// Access-log lines of one event loop, buffered and written with one `write(2)` per loop
/// iteration rather than one per request. One logfmt line per request, naming the route
/// template and never the raw target (no session names or keys in logs), and an unknown
/// method bounded and escaped (``HTTPMethodLabel``):
/// `ts=2026-11-23T11:08:09Z method=GET route=/healthz status=200 in=78 out=117 us=12`.
/// A streamed response's line is written when it ends and says how (`end=finished`,
/// `end=clientGone`, …; ``HTTPResponseStream/End``), its `out` and `us` over its whole life.
struct AccessLog {
    let enabled: Bool
    private var buffer: [UInt8] = []

    init(level: LogLevel) {
        enabled = level <= .info
        if enabled { buffer.reserveCapacity(16 * 1024) }
    }

    mutating func record(
        timestamp: [UInt8], method: String, route: String, status: Int, bytesIn: Int, bytesOut: Int,
        microseconds: UInt64, end: String? = nil
    ) {
        guard enabled else { return }
        buffer.append(contentsOf: "ts=".utf8)
        buffer.append(contentsOf: timestamp)
        buffer.append(contentsOf: " method=".utf8)
        HTTPMethodLabel.appendLogged(method, to: &buffer)
        buffer.append(contentsOf: " route=".utf8)
        buffer.append(contentsOf: route.utf8)
        buffer.append(contentsOf: " status=".utf8)
        ResponseSerializer.appendDecimal(status, to: &buffer)
        buffer.append(contentsOf: " in=".utf8)
        ResponseSerializer.appendDecimal(bytesIn, to: &buffer)
        buffer.append(contentsOf: " out=".utf8)
        ResponseSerializer.appendDecimal(bytesOut, to: &buffer)
        buffer.append(contentsOf: " us=".utf8)
        ResponseSerializer.appendDecimal(Int(microseconds), to: &buffer)
        if let end {
            buffer.append(contentsOf: " end=".utf8)
            buffer.append(contentsOf: end.utf8)
        }
        buffer.append(HTTPBytes.lf)
        if buffer.count > 64 * 1024 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        ServerLog.writeToStandardError(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
