#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IP address: a connection's peer as the transport accepted it (``HTTPRequest/peerAddress``),
/// or one parsed from text (`X-Forwarded-For`, `--trusted-proxies`). Sixteen bytes held as two
/// words, an IPv4 address in its IPv4-mapped IPv6 form (`::ffff:a.b.c.d`), so a request carries
/// it without an allocation and a String is made only when someone reads ``description``.
public struct HTTPPeerAddress: Sendable, Hashable, CustomStringConvertible {
    /// Bytes 0-7 and 8-15 of the IPv6 form, big-endian.
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// No address known (`::`, which no peer has): a request not read from a socket.
    public static let unknown = HTTPPeerAddress(high: 0, low: 0)

    /// The IPv4 address `a.b.c.d` given as its 32 bits, in its mapped form.
    public init(ipv4 bits: UInt32) {
        self.init(high: 0, low: 0xffff_0000_0000 | UInt64(bits))
    }

    /// The 16 bytes of an IPv6 address (or an IPv4-mapped one), in network order.
    init<Bytes: Collection<UInt8>>(bytes: Bytes) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in bytes.prefix(16).enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.init(high: high, low: low)
    }

    /// An IPv4 (`192.0.2.7`) or IPv6 (`2001:db8::7`) literal, else nil. O(text).
    public init?<Text: StringProtocol>(parsing text: Text) {
        let literal = String(text)
        guard !literal.isEmpty, literal.utf8.count < 64 else { return nil }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, literal, &ipv4) == 1 {
            self.init(ipv4: UInt32(bigEndian: ipv4.s_addr))
            return
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, literal, &ipv6) == 1 else { return nil }
        self = withUnsafeBytes(of: &ipv6) { HTTPPeerAddress(bytes: $0) }
    }

    public var isUnknown: Bool { self == .unknown }

    /// An IPv4 address, held in its mapped form.
    public var isIPv4: Bool { high == 0 && low >> 32 == 0xffff }

    /// The address with only its first `bits` bits kept (of the IPv6 form's 128).
    public func masked(toPrefix bits: Int) -> HTTPPeerAddress {
        func keep(_ word: UInt64, _ bits: Int) -> UInt64 {
            bits <= 0 ? 0 : bits >= 64 ? word : word & ~(UInt64.max >> UInt64(bits))
        }
        return HTTPPeerAddress(high: keep(high, bits), low: keep(low, bits - 64))
    }

    /// `192.0.2.7` for IPv4, `2001:db8::7` for IPv6 (the system's `inet_ntop`), `unknown`.
    public var description: String {
        guard !isUnknown else { return "unknown" }
        if isIPv4 {
            return (0..<4).map { String(low >> UInt64(24 - 8 * $0) & 0xff) }.joined(separator: ".")
        }
        var raw = in6_addr()
        withUnsafeMutableBytes(of: &raw) { bytes in
            for index in 0..<16 {
                let word = index < 8 ? high : low
                bytes[index] = UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * (index % 8)))
            }
        }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil else { return "unknown" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
