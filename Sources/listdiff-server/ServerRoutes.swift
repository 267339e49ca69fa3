import ListDiffHTTP
import ListDiffService

/// The server's routes: health, the benchmark's echo, and the list-diff service.
enum ServerRoutes {
    static func makeRouter(service: ListDiffService) -> Router {
        var router = Router()
        router.get("/healthz") { _ in healthy }
        router.post("/echo") { request in
            var headers = HTTPHeaders()
            headers.append(name: "Content-Type", value: request.headers["Content-Type"] ?? "application/octet-stream")
            return HTTPResponse(status: 200, headers: headers, body: request.body)
        }
        service.mount(on: &router)
        return router
    }

    /// Built once: answering a health check allocates nothing.
    private static let healthy = HTTPResponse.text("ok\n")
}
