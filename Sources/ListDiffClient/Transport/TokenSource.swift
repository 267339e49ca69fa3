/// Tokens for `Authorization: Bearer`, from the app's provider (which asks the app's backend):
/// one kept and sent with every request, and asked for again when the server answers that it
/// expired. Concurrent requests that meet the same expired token ask the provider once.
actor TokenSource {
    private let provider: @Sendable () async throws -> String
    private var current: String?
    private var pending: Task<String, any Error>?

    init(_ provider: @escaping @Sendable () async throws -> String) {
        self.provider = provider
    }

    /// The token to send: the kept one, or a new one from the provider.
    func token() async throws -> String {
        if let current { return current }
        if let pending { return try await pending.value }
        let task = Task { try await provider() }
        pending = task
        defer { pending = nil }
        let token = try await task.value
        current = token
        return token
    }

    /// A token to replace `expired`: a newer one another request already got, or a new one
    /// from the provider.
    func refresh(replacing expired: String) async throws -> String {
        if current == expired { current = nil }
        return try await token()
    }
}
