/// The proxies whose `X-Forwarded-For` names a request's client (`--trusted-proxies`). Behind
/// nginx every request comes from nginx's address; the client is the address nginx appended.
/// Without trusted proxies the connection's peer is the client and `X-Forwarded-For`, which
/// anyone can send, is ignored.
public struct TrustedProxies: Sendable, Equatable {
    public var ranges: [HTTPAddressRange]

    public init(_ ranges: [HTTPAddressRange] = []) {
        self.ranges = ranges
    }

    /// A comma-separated list of addresses and CIDR blocks (`10.0.0.5,192.168.0.0/16,fd00::/8`),
    /// else nil.
    public init?(parsing list: String) {
        var ranges: [HTTPAddressRange] = []
        for item in list.split(separator: ",") {
            let text = Self.trimmed(item)
            guard !text.isEmpty else { continue }
            guard let range = HTTPAddressRange(parsing: text) else { return nil }
            ranges.append(range)
        }
        guard !ranges.isEmpty else { return nil }
        self.ranges = ranges
    }

    /// Whether `address` is one of the trusted proxies. O(ranges).
    public func trusts(_ address: HTTPPeerAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// Who sent `request`: its peer, or — when the peer is a trusted proxy — the rightmost
    /// `X-Forwarded-For` address that is not itself trusted (each proxy appends the address it
    /// was reached from, so what is left of the last untrusted one may be the client's own
    /// invention). An entry that is not an address stops the walk at the proxy before it.
    /// Reads the header only when the peer is trusted. O(header).
    public func clientAddress(of request: HTTPRequest) -> HTTPPeerAddress {
        var client = request.peerAddress
        guard !ranges.isEmpty, trusts(client) else { return client }
        for field in request.headers.values(for: "X-Forwarded-For").reversed() {
            for entry in field.split(separator: ",").reversed() {
                guard let address = HTTPPeerAddress(parsing: Self.trimmed(entry)) else { return client }
                client = address
                guard trusts(address) else { return client }
            }
        }
        return client
    }

    /// `text` without the spaces and tabs around it.
    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
