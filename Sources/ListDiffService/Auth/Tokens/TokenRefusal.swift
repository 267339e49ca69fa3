/// A token refused, and the times (seconds since 1970) over which that answer holds: always for
/// what its bytes decide (a signature, a kid, its shape, an audience within its times); from its
/// `exp` (plus leeway) on for an expired one; until its `nbf` or `iat` (less leeway) for one not
/// valid yet. The cache keeps a refusal only for as long as it holds, so a clock that moves
/// back, or a token that comes of age, is verified again.
struct TokenRefusal: Error {
    var failure: TokenFailure
    var holds: Range<Double>

    init(_ failure: TokenFailure, holds: Range<Double> = -Double.infinity..<Double.infinity) {
        self.failure = failure
        self.holds = holds
    }
}
