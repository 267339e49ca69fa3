import CListDiffEpoll

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An event loop's accept side: its hold on the shared listener, and a spare descriptor kept
/// so that, out of descriptors, the loop can still accept waiting clients to answer them 503.
struct LoopAcceptor {
    let listener: SharedListener
    private let poller: Int32
    private(set) var hold = ListenerHold.listening
    /// An open `/dev/null`, or -1 while it is lent out or could not be opened again.
    private var reserveFD: Int32

    /// Registers the listener with `poller` under `token` and takes the reserve descriptor.
    init(listener: SharedListener, poller: Int32, token: UInt64) {
        self.listener = listener
        self.poller = poller
        reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        cld_poller_add_shared_listener(poller, listener.fd, token)
        listener.retain()
    }

    var isListening: Bool { hold == .listening }

    /// Stops polling the listener until `until` (monotonic ns) or ``resume(token:)``.
    mutating func pause(until: UInt64) {
        guard hold == .listening else { return }
        cld_poller_remove(poller, listener.fd, UInt32(CLD_READABLE))
        hold = .paused(until: until)
    }

    /// Polls the listener again after a pause; nothing otherwise.
    mutating func resume(token: UInt64) {
        guard case .paused = hold else { return }
        cld_poller_add_shared_listener(poller, listener.fd, token)
        hold = .listening
    }

    /// Stops accepting for good and lets go of the shared listener.
    mutating func release() {
        switch hold {
        case .listening: cld_poller_remove(poller, listener.fd, UInt32(CLD_READABLE))
        case .paused: break
        case .released: return
        }
        hold = .released
        listener.release()
    }

    /// Opens the reserve descriptor again if it is missing (a descriptor was freed).
    mutating func refillReserve() {
        if reserveFD < 0 { reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC) }
    }

    /// Runs `body` with the reserve descriptor closed, so it can accept one more socket, then
    /// takes it again. False (and `body` not run) without a reserve.
    mutating func withReserveFreed(_ body: () -> Void) -> Bool {
        guard reserveFD >= 0 else { return false }
        close(reserveFD)
        reserveFD = -1
        body()
        reserveFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        return true
    }

    /// Closes the reserve descriptor (teardown).
    mutating func closeReserve() {
        if reserveFD >= 0 { close(reserveFD) }
        reserveFD = -1
    }
}
