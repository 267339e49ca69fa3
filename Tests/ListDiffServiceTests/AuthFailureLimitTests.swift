import Foundation
import ListDiffHTTP
import ListDiffTestRun
import ListDiffTestSupport
import Testing

@testable import ListDiffService

/// A client address past its limit of failed authentications is answered 429 before any
/// verification or key comparison — while a token verified before is still taken from it.
@Suite(.ownThreads) struct AuthFailureLimitTests {
    typealias F = TokenFixtures
    static let path = "/v1/sessions/user-42-a/snapshots/x"
    static let tooMany = "urn:listdiff:problem:too-many-failed-authentications"

    static func configuration(limit: Int, window: Double = 60, proxies: String? = nil) -> ServiceConfiguration {
        var configuration = F.configuration
        configuration.authFailures.limit = limit
        configuration.authFailures.windowSeconds = window
        configuration.authFailures.trustedProxies = proxies.flatMap(TrustedProxies.init(parsing:)) ?? TrustedProxies()
        return configuration
    }

    @Test func pastItsLimitAnAddressGets429ButATokenVerifiedBeforePasses() throws {
        try TestService.with(Self.configuration(limit: 3)) { (service: TestService) throws in
            #expect(try service.request("PUT", Self.path, body: "[]", headers: F.alpha).status == 201)
            let verified = try F.tokenA()
            let fresh = try F.tokenA(scope: "read write")
            #expect(try service.request("GET", Self.path, headers: F.bearer(verified)).status == 200)
            let forged = try F.forgedEdDSA()
            #expect(
                try service.request("GET", Self.path, headers: [("Authorization", "Bearer wrong-key")]).status == 401)
            #expect(try service.request("GET", Self.path, headers: F.bearer(forged)).status == 401)
            #expect(try service.request("GET", Self.path, headers: F.bearer(forged)).status == 401)
            for headers in [F.bearer(forged), [("Authorization", "Bearer wrong-key")], F.alpha, F.bearer(fresh)] {
                let limited = try service.request("GET", Self.path, headers: headers)
                #expect(limited.status == 429)
                #expect(try limited.json()["type"] as? String == Self.tooMany)
                let retryAfter = Int(limited.header("Retry-After") ?? "") ?? 0
                #expect((1...60).contains(retryAfter))
            }
            // Another client behind the same address, whose token was verified before, keeps working.
            #expect(try service.request("GET", Self.path, headers: F.bearer(verified)).status == 200)
            // No credentials at all need no verification: still 401.
            #expect(try service.request("GET", Self.path).status == 401)
            // Another address is not limited.
            let elsewhere = try RawClient(port: service.server.port, receiveTimeout: 10, sourceAddress: "127.0.0.2")
            #expect(try elsewhere.request("GET", Self.path, headers: F.bearer(forged)).status == 401)
            #expect(try elsewhere.request("GET", Self.path, headers: F.alpha).status == 200)
            let metrics = try service.request("GET", "/metrics").bodyText
            #expect(metrics.contains("listdiff_auth_failure_limit_refusals_total 4\n"))
        }
    }

    @Test func theWindowEnds() throws {
        try TestService.with(Self.configuration(limit: 1, window: 2)) { (service: TestService) throws in
            #expect(try service.request("GET", Self.path, headers: [("Authorization", "Bearer wrong")]).status == 401)
            let limited = try service.request("GET", Self.path, headers: F.alpha)
            #expect(limited.status == 429 && ["1", "2"].contains(limited.header("Retry-After") ?? ""))
            Thread.sleep(forTimeInterval: 2.1)
            #expect(try service.request("GET", "/v1/sessions/user-42-a", headers: F.alpha).status == 404)
        }
    }

    @Test func behindATrustedProxyTheForwardedAddressIsLimited() throws {
        try TestService.with(Self.configuration(limit: 2, proxies: "127.0.0.1")) { (service: TestService) throws in
            func get(forwardedFor client: String, _ credential: String) throws -> Int {
                try service.request(
                    "GET", Self.path, headers: [("Authorization", "Bearer \(credential)"), ("X-Forwarded-For", client)]
                ).status
            }
            #expect(try get(forwardedFor: "203.0.113.7", "wrong") == 401)
            #expect(try get(forwardedFor: "198.51.100.1, 203.0.113.7", "wrong") == 401)
            #expect(try get(forwardedFor: "203.0.113.7", "alpha-key") == 429)
            // A client's own X-Forwarded-For entries, left of the proxy's, change nothing.
            #expect(try get(forwardedFor: "198.51.100.2, 203.0.113.7", "alpha-key") == 429)
            // Other clients of the same proxy are not.
            #expect(try get(forwardedFor: "203.0.113.8", "alpha-key") == 404)
            #expect(try service.request("GET", Self.path, headers: F.alpha).status == 404)
        }
    }

    @Test func withoutTrustedProxiesXForwardedForIsIgnored() throws {
        try TestService.with(Self.configuration(limit: 2)) { (service: TestService) throws in
            for client in ["203.0.113.7", "203.0.113.8"] {
                let answer = try service.request(
                    "GET", Self.path, headers: [("Authorization", "Bearer wrong"), ("X-Forwarded-For", client)])
                #expect(answer.status == 401)
            }
            let answer = try service.request(
                "GET", Self.path, headers: F.alpha + [("X-Forwarded-For", "203.0.113.9")])
            #expect(answer.status == 429)
        }
    }

    /// Many addresses fill the table to its cap and no further; past it they share one window.
    @Test func theAddressTableIsBounded() throws {
        let limiter = FailedAuthenticationLimiter(limit: 2, windowSeconds: 10, capacity: 100)
        for index in 0..<10_000 {
            limiter.recordFailure(of: HTTPPeerAddress(ipv4: 0x0a00_0000 + UInt32(index)), at: 0)
        }
        #expect(limiter.trackedAddresses == 100)
        let newcomer = HTTPPeerAddress(ipv4: 0x0b00_0001)
        #expect(limiter.retryAfter(for: newcomer, at: 1) == 9, "the overflow's window is past its limit")
        // Once the windows pass, a sweep makes room again.
        limiter.recordFailure(of: newcomer, at: 11)
        #expect(limiter.trackedAddresses == 1)
        #expect(limiter.retryAfter(for: newcomer, at: 11) == nil)
        // IPv6 addresses count by their /64.
        let first = try #require(HTTPPeerAddress(parsing: "2001:db8:1:2::1"))
        limiter.recordFailure(of: first, at: 12)
        limiter.recordFailure(of: try #require(HTTPPeerAddress(parsing: "2001:db8:1:2:ffff::9")), at: 12)
        #expect(limiter.retryAfter(for: first, at: 12) == 10)
        #expect(limiter.retryAfter(for: try #require(HTTPPeerAddress(parsing: "2001:db8:1:3::1")), at: 12) == nil)
    }
}
