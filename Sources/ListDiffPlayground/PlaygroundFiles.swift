import ListDiffHTTP

/// The playground page's files (`Page/`), embedded in the binary by the EmbedPlaygroundFiles
/// build plugin, as ready answers: each with its media type, an entity tag of its bytes and
/// the page's security headers.
public enum PlaygroundFiles {
    /// The security headers of every file: scripts and styles only from this server (no
    /// inline script, no eval), calls only to it, no framing, nothing sent as a referrer.
    /// (`X-Content-Type-Options: nosniff` the transport adds to every answer.)
    public static let securityHeaders: HTTPHeaders = [
        "Content-Security-Policy":
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "no-referrer",
        "Cross-Origin-Opener-Policy": "same-origin"
    ]

    /// Each file's answer by name (`index.html`, `listdiff.js`, …). Built once.
    static let answers: [String: HTTPResponse] = Dictionary(
        uniqueKeysWithValues: embedded.map { file in
            (file.name, answer(name: file.name, body: Array(file.text.utf8)))
        })

    static func answer(name: String, body: [UInt8]) -> HTTPResponse {
        var headers = securityHeaders
        headers.append(name: "Content-Type", value: mediaType(of: name))
        headers.append(name: "ETag", value: entityTag(of: body))
        // Revalidated on every load: a new server version is seen at once, an unchanged file costs a 304.
        headers.append(name: "Cache-Control", value: "no-cache")
        return HTTPResponse(status: 200, headers: headers, body: body)
    }

    /// `listdiff.d.ts` (declarations for TypeScript, read by people and tools, never run) goes as
    /// plain text: a browser shows it rather than downloading it, and no media type for TypeScript
    /// is one that browsers or tools act on.
    static func mediaType(of name: String) -> String {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".ts") { return "text/plain; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        return "text/javascript; charset=utf-8"
    }

    /// A strong tag: FNV-1a (64 bits) of the bytes, in hex.
    static func entityTag(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
