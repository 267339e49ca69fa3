import ListDiffHTTP

extension ListDiffService {
    /// What a browser's page from `origins` may do with `/v1`: send an API key, a JSON body and
    /// conditions, and read versions (`ETag`), new sessions' `Location`, `Retry-After`, why a
    /// key was refused and the wait a long poll got (``waitAppliedHeader``).
    public static func corsPolicy(allowing origins: [String]) -> CORSPolicy {
        CORSPolicy(
            allowedOrigins: origins, pathPrefix: "/v1/",
            allowedHeaders: ["Authorization", "Content-Type", "If-Match", "If-None-Match", "X-ListDiff-Session-Name"],
            exposedHeaders: ["ETag", "Location", "Retry-After", "WWW-Authenticate", waitAppliedHeader])
    }
}
