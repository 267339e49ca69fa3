#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ServerSettings {
    /// Why serving would open every session to whoever reaches the port, or nil. Like Redis's
    /// protected mode: an address other than loopback with neither `--api-keys` nor
    /// `--token-keys` refuses to start, unless `--allow-anonymous on` says it is meant (a proxy
    /// in front that authenticates, a private network).
    var anonymousExposure: String? {
        guard !allowAnonymous, service.apiKeys.isEmpty, service.tokens.keys.isEmpty, !Self.isLoopback(host: http.host)
        else { return nil }
        return
            "--host (LISTDIFF_HOST) \(http.host) is not a loopback address and neither --api-keys nor --token-keys is set: anyone who reaches the port could read, write and delete every session. Set --api-keys (LISTDIFF_API_KEYS) or --token-keys (LISTDIFF_TOKEN_KEYS), or --allow-anonymous on (LISTDIFF_ALLOW_ANONYMOUS=on) if that is meant, with a proxy in front that authenticates"
    }

    /// Whether `host` binds loopback only: `localhost`, an IPv4 address in 127.0.0.0/8 in any
    /// form getaddrinfo reads (`127.1` too), or `::1`. Other names are not resolved: they count
    /// as reachable from outside.
    static func isLoopback(host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_aton(host, &ipv4) != 0 { return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127 }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, host, &ipv6) == 1 else { return false }
        return withUnsafeBytes(of: &ipv6) { $0.elementsEqual([UInt8](repeating: 0, count: 15) + [1]) }
    }
}
