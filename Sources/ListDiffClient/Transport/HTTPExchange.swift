import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request and its answer over `URLSession`: the URL built from the base URL, the API
/// key or a token, JSON headers; an answer of 400 or more becomes ``ListDiffClientError/server(_:)``
/// with the problem the server sent, no answer becomes ``ListDiffClientError/transport(_:)``.
/// A token the server calls expired (`token-expired`) is asked for again and the request sent
/// once more.
struct HTTPExchange: Sendable {
    let baseURL: URL
    let apiKey: String?
    let tokens: TokenSource?
    let session: URLSession

    init(baseURL: URL, apiKey: String?, tokens: TokenSource? = nil, session: URLSession) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.tokens = tokens
        self.session = session
    }

    struct Answer: Sendable {
        var status: Int
        var body: [UInt8]
    }

    func send(
        _ method: String, _ path: String, query: [(String, String)] = [], body: [UInt8]? = nil,
        headers: [(String, String)] = [], timeout: TimeInterval = 60
    ) async throws(ListDiffClientError) -> Answer {
        try await authorized { (bearer) throws(ListDiffClientError) in
            try await send(method, path, query: query, body: body, headers: headers, timeout: timeout, bearer: bearer)
        }
    }

    /// Runs `attempt` with the API key, or with the kept token and, when the server calls that
    /// token expired, once more with a fresh one.
    func authorized<T>(_ attempt: (String?) async throws(ListDiffClientError) -> T) async throws(ListDiffClientError)
        -> T
    {
        guard let tokens else { return try await attempt(apiKey) }
        let token = try await Self.ask { try await tokens.token() }
        do {
            return try await attempt(token)
        } catch .server(let problem) where problem.status == 401 && problem.name == "token-expired" {
            return try await attempt(try await Self.ask { try await tokens.refresh(replacing: token) })
        }
    }

    /// A token from the app's provider; its failure is a transport error (no credentials, no request).
    private static func ask(_ provider: () async throws -> String) async throws(ListDiffClientError) -> String {
        do {
            return try await provider()
        } catch {
            throw .transport(URLError(.userAuthenticationRequired, userInfo: [NSUnderlyingErrorKey: error as NSError]))
        }
    }

    private func send(
        _ method: String, _ path: String, query: [(String, String)], body: [UInt8]?, headers: [(String, String)],
        timeout: TimeInterval, bearer: String?
    ) async throws(ListDiffClientError) -> Answer {
        let request = try request(
            method, path, query: query, body: body, headers: headers, timeout: timeout, bearer: bearer)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await UncancelledTransfer.data(for: request, session: session)
        } catch {
            throw Self.transportError(error)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .invalidResponse(status: 0, reason: "not an HTTP response")
        }
        let answer = Answer(status: http.statusCode, body: Array(data))
        guard answer.status < 400 else {
            throw .server(ProblemReader.problem(status: answer.status, body: answer.body))
        }
        return answer
    }

    /// No answer: a `URLError` as it is, a cancelled caller as `.cancelled`.
    static func transportError(_ error: any Error) -> ListDiffClientError {
        switch error {
        case let error as URLError: .transport(error)
        case is CancellationError: .transport(URLError(.cancelled))
        default: .transport(URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error as NSError]))
        }
    }

    /// The request for `path` under the base URL with `query`, JSON headers, `bearer` and `headers`.
    func request(
        _ method: String, _ path: String, query: [(String, String)], body: [UInt8]?, headers: [(String, String)],
        timeout: TimeInterval, bearer: String?
    ) throws(ListDiffClientError) -> URLRequest {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw .transport(URLError(.badURL))
        }
        components.percentEncodedPath = components.percentEncodedPath.trimmingSuffix("/") + path
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        guard let url = components.url else { throw .transport(URLError(.badURL)) }
        // Versions change under the same URL: never answer from a local cache.
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = Data(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
