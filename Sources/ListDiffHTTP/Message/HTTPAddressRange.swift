/// A block of IP addresses: one address (`10.0.0.7`, `::1`) or a CIDR block (`10.0.0.0/8`,
/// `fd00::/8`). An IPv4 block holds IPv4 addresses only, as their mapped forms do.
public struct HTTPAddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The block's first address (the rest of its bits zero).
    public let base: HTTPPeerAddress
    /// Leading bits shared by the block's addresses, of the IPv6 form's 128.
    public let prefixBits: Int

    /// `address` or `address/bits` (bits up to 32 for IPv4, 128 for IPv6), else nil.
    public init?<Text: StringProtocol>(parsing text: Text) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = HTTPPeerAddress(parsing: parts[0]), !address.isUnknown else { return nil }
        let width = address.isIPv4 ? 32 : 128
        var bits = width
        if parts.count == 2 {
            guard let given = Int(parts[1]), (0...width).contains(given), parts[1].allSatisfy(\.isASCII) else {
                return nil
            }
            bits = given
        }
        // An IPv4 block keeps the 96 bits of the mapped prefix too.
        prefixBits = bits + 128 - width
        base = address.masked(toPrefix: prefixBits)
    }

    /// Whether `address` is in the block. O(1).
    public func contains(_ address: HTTPPeerAddress) -> Bool {
        address.masked(toPrefix: prefixBits) == base
    }

    /// The block as `--trusted-proxies` takes it.
    public var description: String {
        let width = base.isIPv4 ? 32 : 128
        return "\(base)/\(prefixBits - 128 + width)"
    }
}
