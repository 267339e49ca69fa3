/// Parses `method SP request-target SP HTTP-version` (RFC 9112 §3) and decodes the target.
enum RequestLineParsing {
    struct Parts {
        var method: String
        var target: String
        var path: String
        var rawPath: String
        var query: [HTTPQueryParameter]
        var version: HTTPVersion
    }

    static func parse(_ line: UnsafeRawBufferPointer.SubSequence) throws(HTTPParseError) -> Parts {
        var methodEnd = line.startIndex
        while methodEnd < line.endIndex, HTTPBytes.isToken(line[methodEnd]) { methodEnd += 1 }
        guard methodEnd > line.startIndex, methodEnd < line.endIndex, line[methodEnd] == HTTPBytes.space else {
            throw HTTPParseError(
                .badRequest, "request line: the method is missing or is not a token followed by one space")
        }
        let targetStart = methodEnd + 1
        var targetEnd = targetStart
        while targetEnd < line.endIndex, HTTPBytes.isTargetByte(line[targetEnd]) { targetEnd += 1 }
        guard targetEnd > targetStart, targetEnd < line.endIndex, line[targetEnd] == HTTPBytes.space else {
            throw HTTPParseError(
                .badRequest,
                "request line: the target is missing, has a control or non-ASCII byte, or is not followed by one space")
        }
        let version = try parseVersion(line[(targetEnd + 1)...])
        let method = String(decoding: line[line.startIndex..<methodEnd], as: UTF8.self)
        let rawTarget = line[targetStart..<targetEnd]
        let (path, rawPath, query) = try decodeTarget(rawTarget, method: method)
        return Parts(
            method: method, target: String(decoding: rawTarget, as: UTF8.self),
            path: path, rawPath: rawPath, query: query, version: version
        )
    }

    private static func parseVersion(_ bytes: UnsafeRawBufferPointer.SubSequence) throws(HTTPParseError) -> HTTPVersion
    {
        let start = bytes.startIndex
        guard bytes.count == 8, bytes[start] == UInt8(ascii: "H"), bytes[start + 1] == UInt8(ascii: "T"),
            bytes[start + 2] == UInt8(ascii: "T"), bytes[start + 3] == UInt8(ascii: "P"),
            bytes[start + 4] == UInt8(ascii: "/"), let major = digit(bytes[bytes.startIndex + 5]),
            bytes[bytes.startIndex + 6] == UInt8(ascii: "."),
            let minor = digit(bytes[bytes.startIndex + 7])
        else {
            throw HTTPParseError(.badRequest, "request line: the version is not of the form HTTP/1.1")
        }
        guard major == 1, minor <= 1 else {
            throw HTTPParseError(
                .versionNotSupported, "request line: HTTP/\(major).\(minor) is not supported (only 1.0 and 1.1)")
        }
        return minor == 1 ? .http1_1 : .http1_0
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// Origin form (`/p?q`), absolute form (`http://host/p?q`) or `*` for OPTIONS.
    private static func decodeTarget(
        _ target: UnsafeRawBufferPointer.SubSequence, method: String
    ) throws(HTTPParseError) -> (path: String, rawPath: String, query: [HTTPQueryParameter]) {
        var pathStart = target.startIndex
        if target.first == UInt8(ascii: "*") {
            guard target.count == 1, method == "OPTIONS" else {
                throw HTTPParseError(.badRequest, "request line: the target '*' is only allowed with OPTIONS")
            }
            return ("*", "*", [])
        }
        if target.first != UInt8(ascii: "/") {
            guard let afterAuthority = absoluteFormPathStart(target) else {
                throw HTTPParseError(.badRequest, "request line: the target must start with '/' or 'http://'")
            }
            pathStart = afterAuthority
        }
        var queryStart = pathStart
        while queryStart < target.endIndex, target[queryStart] != UInt8(ascii: "?") { queryStart += 1 }
        let rawPath = target[pathStart..<queryStart]
        guard let path = rawPath.isEmpty ? "/" : PercentDecoding.decode(rawPath, plusAsSpace: false) else {
            throw HTTPParseError(
                .badRequest, "request line: the path has a broken percent-escape, an escaped NUL or non-UTF-8 bytes")
        }
        // Each escape shortens the decoded path by two bytes: without any, the raw path is the
        // decoded one, and shares its storage.
        let raw = path.utf8.count == rawPath.count || rawPath.isEmpty ? path : String(decoding: rawPath, as: UTF8.self)
        guard queryStart < target.endIndex else { return (path, raw, []) }
        guard let query = PercentDecoding.queryParameters(target[(queryStart + 1)...]) else {
            throw HTTPParseError(
                .badRequest, "request line: the query has a broken percent-escape, an escaped NUL or non-UTF-8 bytes")
        }
        return (path, raw, query)
    }

    /// Index of the path after `scheme://authority`, for `http` and `https` only.
    private static func absoluteFormPathStart(_ target: UnsafeRawBufferPointer.SubSequence) -> Int? {
        var index = target.startIndex
        while index < target.endIndex, target[index] != UInt8(ascii: ":") { index += 1 }
        let scheme = target[target.startIndex..<index]
        guard
            HTTPHeaders.bytesMatchIgnoringCase(scheme, "http".utf8)
                || HTTPHeaders.bytesMatchIgnoringCase(scheme, "https".utf8),
            target[index...].starts(with: "://".utf8)
        else { return nil }
        index += 3
        let authorityStart = index
        while index < target.endIndex, target[index] != UInt8(ascii: "/"), target[index] != UInt8(ascii: "?") {
            index += 1
        }
        return index > authorityStart ? index : nil
    }
}
