import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPExchange {
    /// `GET path` as a `text/event-stream`, authorized as every request is (the API key, or the
    /// token, asked for again once when the server calls it expired). An answer of 400 or more
    /// becomes ``ListDiffClientError/server(_:)``; another answer that is not an event stream is
    /// given back for the caller to judge.
    func events(_ path: String, query: [(String, String)], headers: [(String, String)] = [], timeout: TimeInterval)
        async throws(ListDiffClientError) -> EventStreamTransfer.Opening
    {
        try await authorized { (bearer) throws(ListDiffClientError) in
            var request = try request(
                "GET", path, query: query, body: nil, headers: headers, timeout: timeout, bearer: bearer)
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            let opening: EventStreamTransfer.Opening
            do {
                opening = try await EventStreamTransfer.open(request, configuration: session.configuration)
            } catch {
                throw Self.transportError(error)
            }
            if case .answer(let status, _, let body) = opening, status >= 400 {
                throw .server(ProblemReader.problem(status: status, body: body))
            }
            return opening
        }
    }
}
