import ListDiffHTTP

/// `GET /playground` (the page; `/` redirects there) and `/playground/<file>` (its scripts and
/// styles, and `listdiff.js` for any web app). Static, so no API key is needed to load it; the page asks
/// for one when `/v1` answers 401. The page refers to its files relative to `/playground`,
/// so it also works behind a proxy that serves the API under a prefix.
public enum PlaygroundRoutes {
    public static func mount(on router: inout Router) {
        // A person who opens the server's address in a browser finds the page.
        router.get("/") { _ in HTTPResponse(status: 302, headers: ["Location": "/playground"]) }
        router.get("/playground") { request in answer("index.html", to: request) }
        router.get("/playground/") { _ in
            HTTPResponse(status: 308, headers: ["Location": "/playground"])
        }
        router.add("GET", "/playground/{file}") { request, parameters in
            .response(answer(parameters["file"] ?? "", to: request))
        }
    }

    /// The file's answer, a 304 when `If-None-Match` names its tag, or a 404 problem.
    static func answer(_ name: String, to request: HTTPRequest) -> HTTPResponse {
        guard let answer = PlaygroundFiles.answers[name] else {
            let names = PlaygroundFiles.answers.keys.sorted().joined(separator: ", ")
            return HTTPProblem(status: 404, detail: "the playground has no file '\(name)'; it has \(names)").response()
        }
        if let tags = request.headers["If-None-Match"], let tag = answer.headers["ETag"],
            tags.split(separator: ",").contains(where: {
                $0.trimmingPrefix(" ") == tag || $0.trimmingPrefix(" ") == "*"
            })
        {
            var headers = PlaygroundFiles.securityHeaders
            headers.append(name: "ETag", value: tag)
            return HTTPResponse(status: 304, headers: headers)
        }
        return answer
    }
}
