#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few socket calls a connection makes, named apart from its own methods and spelled for
/// both C libraries.
enum SystemSocket {
    /// `SOCK_STREAM`, as address lookups want it.
    static let streamType: Int32 = {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }()

    /// `SOCK_STREAM`, close-on-exec and non-blocking where the flags exist, for `socket`.
    static let stream: Int32 = {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        #else
        SOCK_STREAM
        #endif
    }()

    /// A non-blocking stream socket of `family` with Nagle off (and SIGPIPE off on Darwin).
    static func open(family: Int32) -> Int32 {
        let fd = socket(family, stream, 0)
        guard fd >= 0 else { return fd }
        var on: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.connect(fd, address, length)
        #else
        Darwin.connect(fd, address, length)
        #endif
    }

    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(fd, bytes.baseAddress, bytes.count, 0)
        #endif
    }

    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
