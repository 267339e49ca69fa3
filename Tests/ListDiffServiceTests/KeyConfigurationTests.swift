import ListDiffTestRun
import Testing

@testable import ListDiffService

/// `--api-keys` entries that do not say one thing, refused at start with a reason that names
/// entries by position and name, never by key.
@Suite(.ownThreads) struct KeyConfigurationTests {
    typealias Problem = KeyConfigurationProblem

    static func problem(_ apiKeys: [String], tokenKeys: String? = nil) -> Problem? {
        ServiceConfiguration(
            apiKeys: apiKeys, tokens: TokenConfiguration(keys: tokenKeys.flatMap { TokenKey.list($0) } ?? [])
        ).keyProblem
    }

    @Test func oneKeyUnderTwoEntriesIsRefused() {
        let problem = Self.problem(["c=k-shared", "d=k-shared"])
        #expect(problem == .repeatedAPIKey(.init(position: 1, name: "c"), .init(position: 2, name: "d")))
        #expect(
            problem?.description.hasPrefix("--api-keys: entries 1 ('c') and 2 ('d') hold the same key") == true)
        #expect(problem?.description.contains("k-shared") == false, "the key is not shown")
        #expect(Self.problem(["k-one", "other", "k-one"]) == .repeatedAPIKey(.init(position: 1), .init(position: 3)))
        #expect(
            Self.problem(["a=k-one", "k-one"]) == .repeatedAPIKey(.init(position: 1, name: "a"), .init(position: 2)))
        #expect(Self.problem(["c=k-shared", "d=k-other"]) == nil)
    }

    @Test func oneNameForTwoEntriesIsRefused() {
        let problem = Self.problem(["a=dup1", "b=k", "a=dup2"])
        #expect(problem == .repeatedAPIKeyName("a", first: 1, second: 3))
        #expect(problem?.description == "--api-keys: entries 1 and 3 are both named 'a'; each name may be given once")
        #expect(problem?.description.contains("dup") == false)
    }

    @Test func aNameMadeOfDigitsIsRefused() {
        let problem = Self.problem(["2=k-one", "k-two"], tokenKeys: "x:hs256:\(TokenFixtures.secretA):2")
        #expect(problem == .numericAPIKeyName(.init(position: 1, name: "2")))
        #expect(problem?.description.hasPrefix("--api-keys: entry 1 ('2') has a name made only of digits") == true)
        #expect(
            Self.problem(["2=k-one"]) == .numericAPIKeyName(.init(position: 1, name: "2")), "with no token keys too")
        #expect(Self.problem(["007=k-one"]) == .numericAPIKeyName(.init(position: 1, name: "007")))
        #expect(Self.problem(["v2=k-one", "2a=k-two", "-2=k-three"]) == nil, "a digit among others is a name")
    }

    @Test func aKeyShapedLikeATokenIsRefusedOnlyBesideTokenKeys() {
        let tokenKeys = "x:hs256:\(TokenFixtures.secretA):a"
        let problem = Self.problem(["a=plain", "b=aa.bb.cc"], tokenKeys: tokenKeys)
        #expect(problem == .tokenShapedAPIKey(.init(position: 2, name: "b")))
        #expect(problem?.description.hasPrefix("--api-keys: the key of entry 2 ('b') has the shape of a token") == true)
        #expect(problem?.description.contains("aa.bb") == false)
        #expect(Self.problem(["a=plain", "b=aa.bb.cc"]) == nil, "without token keys it is compared as a key")
        #expect(Self.problem(["a=plain", "b=aa.bb+cc"], tokenKeys: tokenKeys) == nil, "not base64url: a key")
        #expect(Self.problem(["a=plain", "b=aa.bb"], tokenKeys: tokenKeys) == nil)
    }

    @Test func anOwnerThatNamesNoKeyIsStillRefused() {
        let secret = TokenFixtures.secretA
        #expect(
            Self.problem(["a=k1"], tokenKeys: "x:hs256:\(secret):b") == .tokenKeyWithUnknownOwner(kid: "x", owner: "b"))
        #expect(
            Self.problem(["a=k1"], tokenKeys: "x:hs256:\(secret):2") == .tokenKeyWithUnknownOwner(kid: "x", owner: "2"))
        #expect(Self.problem(["a=k1"], tokenKeys: "x:hs256:\(secret)") == .tokenKeyWithoutOwner(kid: "x"))
        #expect(Self.problem([], tokenKeys: "x:hs256:\(secret):a") == .tokenKeyOwnerWithoutAPIKeys(kid: "x"))
        #expect(Self.problem(["a=k1", "k2"], tokenKeys: "x:hs256:\(secret):a,y:hs256:\(secret):2") == nil)
    }
}
