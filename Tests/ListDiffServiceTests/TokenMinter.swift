import Foundation

/// Tokens minted by an implementation independent of the server's: `scripts/mint-token.py`
/// (Python's `hmac` for HS256, PyPI's `cryptography` for EdDSA), one process per batch.
enum TokenMinter {
    struct Token: Encodable {
        var kid: String
        /// The payload as text (any bytes the test wants signed, JSON or not).
        var claims: String
        var alg = "HS256"
        var secret: String?
        var `private`: String?
        /// The header as text; nil for `{"alg", "kid", "typ"}`.
        var header: String?
    }

    struct MintError: Error, CustomStringConvertible {
        var description: String
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/mint-token.py").path

    /// The tokens, in order. Runs `python3 scripts/mint-token.py --batch` once.
    static func mint(_ tokens: [Token]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--batch"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONEncoder().encode(tokens))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        guard process.terminationStatus == 0, lines.count == tokens.count else {
            throw MintError(description: "mint-token.py exited \(process.terminationStatus) with \(lines.count) tokens")
        }
        return lines
    }

    /// One token with the claims `claims` (a JSON object's members, `exp` and the rest).
    static func mint(kid: String, secret: String? = nil, private: String? = nil, alg: String? = nil, _ claims: String)
        throws -> String
    {
        let token = Token(
            kid: kid, claims: "{\(claims)}", alg: alg ?? (secret != nil ? "HS256" : "EdDSA"), secret: secret,
            private: `private`)
        return try mint([token])[0]
    }

    static var now: Int { Int(Date().timeIntervalSince1970) }
}
