import Foundation
@_spi(Benchmarks) import ListDiffService

/// `token-hs256` and `token-ed25519`: one bearer token verified from scratch, as a request
/// with a token the server has not seen pays before the cache holds it (split, base64url,
/// header, signature by libcrypto, claims). Targets: HS256 ≤ 10 µs; EdDSA within 1.2× of
/// `openssl speed ed25519`'s verify rate on the same machine — printed beside it is
/// libcrypto's Ed25519 check alone, timed here, the floor under the whole verification.
enum TokenBench {
    static let names = ["token-hs256", "token-ed25519"]
    static let claims =
        #"{"sub":"user-42","sessions":["user-42-*"],"scope":"read","iat":1700000000,"exp":4102444800}"#
    /// Verifications per timed run: enough that one run is well above the clock's resolution.
    static let batch = 200

    static func run(filter: String?, json: Bool, warmups: Int, runs: Int) {
        guard filter == nil || names.contains(filter ?? "") else { return }
        let secret = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let seed = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ 5) }
        guard let hs256 = TokenSigner.hs256(kid: "hs", secret: secret, claims: claims),
            let ed25519 = TokenSigner.ed25519(kid: "ed", seed: seed, claims: claims),
            let probe = TokenVerificationProbe(keys: [
                TokenKey(id: "hs", kind: .hs256, bytes: secret),
                TokenKey(id: "ed", kind: .ed25519, bytes: ed25519.publicKey)
            ]),
            let floor = Ed25519VerificationProbe(publicKey: ed25519.publicKey)
        else { preconditionFailure("token benchmarks: libcrypto could not sign or load the keys") }
        let now = 1_800_000_000.0
        precondition(probe.verifies(hs256, at: now) && probe.verifies(ed25519.token, at: now), "tokens verify")
        let (message, signature) = (ed25519.signingInput, ed25519.signature)
        precondition(floor.verifies(signature, of: message), "the signature verifies alone")

        func timed(_ verify: @escaping () -> Bool) -> () -> Void {
            {
                for _ in 0..<batch { precondition(verify()) }
            }
        }
        if filter == nil || filter == names[0] {
            let measured = Measurement.of(warmups: warmups, runs: runs, timed { probe.verifies(hs256, at: now) })
            let micros = measured.medianMs * 1_000 / Double(batch)
            let met = micros <= 10
            print(
                json
                    ? #"{"scenario":"token-hs256","medianMicros":\#(format(micros)),"target":10,"met":\#(met)}"#
                    : "token-hs256: \(format(micros)) µs per uncached HS256 token (target ≤ 10 µs: \(met ? "met" : "NOT met"))"
            )
        }
        if filter == nil || filter == names[1] {
            let measured = Measurement.interleaved(
                warmups: warmups, runs: runs,
                [timed { probe.verifies(ed25519.token, at: now) }, timed { floor.verifies(signature, of: message) }])
            let micros = measured.map { $0.medianMs * 1_000 / Double(batch) }
            let perSecond = 1e6 / micros[0]
            print(
                json
                    ? #"{"scenario":"token-ed25519","medianMicros":\#(format(micros[0])),"verifiesPerSecond":\#(Int(perSecond)),"libcryptoVerifyMicros":\#(format(micros[1])),"ratioToLibcrypto":\#(format(micros[0] / micros[1]))}"#
                    : "token-ed25519: \(format(micros[0])) µs per uncached EdDSA token (\(Int(perSecond)) verifies/s); libcrypto's check alone \(format(micros[1])) µs, ×\(format(micros[0] / micros[1])) (target: within 1.2× of `openssl speed ed25519`'s verify/s)"
            )
        }
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }

}
