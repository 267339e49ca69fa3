import ListDiffHTTP

/// The routes of the first server: a health check and an echo (used by the benchmark).
/// The list-diff service mounts its routes here later.
enum ServerRoutes {
    static func makeRouter() -> Router {
        var router = Router()
        router.get("/healthz") { _ in healthy }
        router.post("/echo") { request in
            var headers = HTTPHeaders()
            headers.append(name: "Content-Type", value: request.headers["Content-Type"] ?? "application/octet-stream")
            return HTTPResponse(status: 200, headers: headers, body: request.body)
        }
        return router
    }

    /// Built once: answering a health check allocates nothing.
    private static let healthy = HTTPResponse.text("ok\n")
}
