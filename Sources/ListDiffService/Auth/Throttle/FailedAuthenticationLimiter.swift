import Foundation
import ListDiffHTTP

/// Failed authentications counted per client address (`--auth-failure-limit` in
/// `--auth-failure-window`), so that a client presenting forged tokens or wrong keys costs the
/// server a table lookup, not a signature verification or a key comparison, once it is past
/// its limit: its next requests that need one are answered 429 with `Retry-After` until its
/// window ends. A window opens at an address's first failure and closes `windowSeconds` later
/// (a fixed window: at most twice the limit within any span of one window).
///
/// Bounded: at most `capacity` addresses, each forgotten once its window has passed; IPv6
/// addresses count by their /64 (one client's usual allocation, where an attacker holds
/// addresses by the billion). Addresses that find the table full of open windows share one
/// window of their own, so many addresses buy an attacker no more than one more limit's worth.
final class FailedAuthenticationLimiter: @unchecked Sendable {
    /// One address's failures in its current window.
    private struct Window {
        var endsAt: Double
        var failures: Int

        static let closed = Window(endsAt: -Double.infinity, failures: 0)

        mutating func count(at now: Double, lasting seconds: Double) {
            if now >= endsAt {
                self = Window(endsAt: now + seconds, failures: 1)
            } else {
                failures += 1
            }
        }
    }

    // Sendable argument: everything below `lock` is only touched while holding it.
    private let lock = NSLock()
    private var windows: [HTTPPeerAddress: Window] = [:]
    /// The window of the addresses that found `windows` full.
    private var overflow = Window.closed
    /// When a full table may next be swept of passed windows (at most once a second: an
    /// attacker keeping it full must not buy a sweep per request).
    private var nextSweepAt = -Double.infinity
    private var refusals = 0
    /// Failures an address may have within a window; 0 turns the limit off.
    let limit: Int
    let windowSeconds: Double
    let capacity: Int

    init(limit: Int, windowSeconds: Double, capacity: Int = 16_384) {
        self.limit = limit
        self.windowSeconds = windowSeconds
        self.capacity = max(capacity, 1)
    }

    var isEnabled: Bool { limit > 0 }

    /// Seconds `address` must wait before its next attempt (at least 1), or nil when it may try
    /// now. `now` is monotonic seconds. Counts each refusal. O(1).
    func retryAfter(for address: HTTPPeerAddress, at now: Double) -> Int? {
        guard isEnabled else { return nil }
        let key = Self.key(address)
        return lock.withLock { () -> Int? in
            guard let window = windows[key] ?? (windows.count >= capacity ? overflow : nil),
                window.failures >= limit, now < window.endsAt
            else { return nil }
            refusals += 1
            return max(1, Int((window.endsAt - now).rounded(.up)))
        }
    }

    /// Counts a failed authentication from `address` at `now` (monotonic seconds). O(1)
    /// amortised; O(addresses) for a sweep of a full table, at most once a second.
    func recordFailure(of address: HTTPPeerAddress, at now: Double) {
        guard isEnabled else { return }
        let key = Self.key(address)
        lock.withLock {
            if windows[key] == nil, windows.count >= capacity {
                if now >= nextSweepAt {
                    windows = windows.filter { now < $0.value.endsAt }
                    nextSweepAt = now + 1
                }
                guard windows.count < capacity else {
                    overflow.count(at: now, lasting: windowSeconds)
                    return
                }
            }
            windows[key, default: .closed].count(at: now, lasting: windowSeconds)
        }
    }

    /// Requests answered 429 so far.
    var refusedCount: Int { lock.withLock { refusals } }

    /// Addresses with a window in the table.
    var trackedAddresses: Int { lock.withLock { windows.count } }

    /// What an address counts as: itself for IPv4, its /64 for IPv6.
    static func key(_ address: HTTPPeerAddress) -> HTTPPeerAddress {
        address.isIPv4 ? address : address.masked(toPrefix: 64)
    }
}
