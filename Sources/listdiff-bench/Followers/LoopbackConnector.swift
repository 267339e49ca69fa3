import Glibc

/// Non-blocking IPv4 connects from a chosen source address. The source port is picked at
/// connect time (IP_BIND_ADDRESS_NO_PORT), so ports are bounded per (source, destination)
/// pair rather than per source address: with several loopback sources (127.0.0.2, 127.0.0.3, …)
/// one destination takes more than one ephemeral port range's worth of connections.
enum LoopbackConnector {
    /// Linux's IP_BIND_ADDRESS_NO_PORT (linux/in.h), not exported by Glibc's module.
    private static let bindAddressNoPort: Int32 = 24

    /// An IPv4 address in network order, or nil when `text` is not a dotted quad.
    static func address(_ text: String) -> in_addr? {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1 ? address : nil
    }

    /// Starts connecting to `destination`:`port` from `source` (any port); returns the socket,
    /// connected or in progress (its writability says when, `pendingError` how).
    static func start(from source: in_addr?, to destination: in_addr, port: UInt16) throws(SocketFailure) -> Int32 {
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = socket(AF_INET, kind, 0)
        guard fd >= 0 else { throw SocketFailure(call: "socket", code: errno) }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        if let source {
            setsockopt(fd, Int32(IPPROTO_IP), bindAddressNoPort, &one, socklen_t(MemoryLayout<Int32>.size))
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr = source
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                let code = errno
                close(fd)
                throw SocketFailure(call: "bind", code: code)
            }
        }
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_addr = destination
        remote.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 || errno == EINPROGRESS else {
            let code = errno
            close(fd)
            throw SocketFailure(call: "connect", code: code)
        }
        return fd
    }

    /// The outcome of a connect that was in progress, once the socket is writable: 0 or an errno.
    static func pendingError(_ fd: Int32) -> Int32 {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return errno }
        return code
    }
}
