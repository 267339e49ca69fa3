import CListDiffEpoll

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens listening sockets.
enum Listener {
    /// A non-blocking listener on `host:port` (no `SO_REUSEPORT`: the loops share this one
    /// socket, and another process cannot bind the port beside it). Returns the fd and the
    /// bound port.
    static func open(host: String, port: Int, backlog: Int) throws(HTTPServerError) -> (fd: Int32, port: Int) {
        guard (0...65535).contains(port) else {
            throw HTTPServerError.systemCall("bind (port \(port) out of range)", EINVAL)
        }
        var bound: UInt16 = 0
        let fd = cld_listen_tcp(host, UInt16(port), Int32(clamping: backlog), &bound)
        if fd == -2 { throw HTTPServerError.unresolvableHost(host) }
        guard fd >= 0 else { throw HTTPServerError.systemCall("bind/listen \(host):\(port)", errno) }
        return (fd, Int(bound))
    }
}
