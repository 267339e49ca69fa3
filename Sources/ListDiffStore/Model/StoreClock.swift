import Foundation

/// The time a store ages sessions by, in nanoseconds from an arbitrary start: the system's
/// monotonic clock in service, one a test moves by hand so that idleness takes no real time.
/// Waits (long polls, deadlines) run on real time whatever the clock says.
public struct StoreClock: Sendable {
    /// Nanoseconds now; never decreasing.
    public let now: @Sendable () -> UInt64

    public init(now: @escaping @Sendable () -> UInt64) {
        self.now = now
    }

    /// The system's monotonic clock (uptime).
    public static let system = StoreClock { UInt64(DispatchTime.now().uptimeNanoseconds) }
}
