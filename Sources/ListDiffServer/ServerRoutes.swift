import Foundation
import ListDiffHTTP
import ListDiffPlayground
import ListDiffService

/// The server's routes: health, readiness, metrics, the OpenAPI document, the playground page,
/// the list-diff service, and with `--benchmark-routes on` the benchmark's echo.
enum ServerRoutes {
    static func makeRouter(
        service: ListDiffService, transport: TransportProbe, openAPIDocument: [UInt8]?, playground: Bool,
        benchmarkRoutes: Bool
    ) -> Router {
        var router = Router()
        router.get("/healthz") { _ in healthy }
        if let openAPIDocument {
            let document = HTTPResponse(
                status: 200, headers: ["Content-Type": "application/yaml; charset=utf-8"], body: openAPIDocument)
            router.get("/openapi.yaml") { _ in document }
        } else {
            let missing = HTTPProblem(
                status: 404,
                detail: "the OpenAPI document was not found when the server started; start it with --openapi PATH"
            ).response()
            router.get("/openapi.yaml") { _ in missing }
        }
        if benchmarkRoutes {
            router.post("/echo") { request in
                var headers = HTTPHeaders()
                headers.append(
                    name: "Content-Type", value: request.headers["Content-Type"] ?? "application/octet-stream")
                return HTTPResponse(status: 200, headers: headers, body: request.body)
            }
        }
        if playground { PlaygroundRoutes.mount(on: &router) }
        service.mount(on: &router)
        service.mountProbesAndMetrics(on: &router, transport: transport)
        return router
    }

    /// The router, behind CORS when `--cors-origins` names any: browsers' pages may then call
    /// `/v1` with an API key and conditions, and read versions, locations and retry times.
    static func responder(_ router: Router, corsOrigins: [String]) -> any HTTPResponder {
        guard !corsOrigins.isEmpty else { return router }
        return CORSResponder(router: router, policy: ListDiffService.corsPolicy(allowing: corsOrigins))
    }

    /// Built once: answering a health check allocates nothing.
    private static let healthy = HTTPResponse.text("ok\n")
}
