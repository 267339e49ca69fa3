/// Decides how a request body is delimited from its head (RFC 9112 §6.3) and whether the
/// client waits for `100 Continue`.
enum BodyFraming {
    enum Length: Equatable {
        case none
        case fixed(Int)
        case chunked
    }

    struct Decision {
        var length: Length
        var expectsContinue: Bool
        /// Whether the head has a `Connection` field (whose tokens decide keep-alive): most have
        /// none, and then need no second look at the fields.
        var hasConnectionField: Bool
    }

    /// Digits enough for any length we could accept; more means "too large".
    static let maxLengthDigits = 18

    /// The framing the head's `fields` decide (RFC 9112 §6.3), or the error that refuses it.
    static func decide(_ fields: FramingFields, version: HTTPVersion, maxBodyBytes: Int) throws(HTTPParseError)
        -> Decision
    {
        if version == .http1_1 && fields.hosts != 1 {
            throw HTTPParseError(
                .badRequest,
                fields.hosts == 0
                    ? "headers: an HTTP/1.1 request needs a Host header" : "headers: more than one Host header")
        }
        let length: Length
        if !fields.transferEncodings.isEmpty {
            guard fields.contentLength == nil else {
                throw HTTPParseError(.badRequest, "headers: both Transfer-Encoding and Content-Length are present")
            }
            guard version == .http1_1 else {
                throw HTTPParseError(.badRequest, "headers: Transfer-Encoding is not allowed in an HTTP/1.0 request")
            }
            // Empty list elements (`, chunked`) are rejected rather than skipped (RFC 9110
            // §5.6.1 lets a recipient ignore them): framing is where lenient parsers disagree.
            let codings =
                fields.transferEncodings
                .flatMap { $0.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) }
                .map { HTTPBytes.trimmed($0) }
            if codings.contains(where: \.isEmpty) {
                throw HTTPParseError(
                    .badRequest,
                    "headers: Transfer-Encoding '\(fields.transferEncodings.joined(separator: ", "))' has an empty list element"
                )
            }
            guard codings.count == 1, let only = codings.first,
                HTTPHeaders.bytesMatchIgnoringCase(only, "chunked".utf8)
            else {
                throw HTTPParseError(
                    .notImplemented,
                    "headers: Transfer-Encoding '\(fields.transferEncodings.joined(separator: ", "))' is not supported (only 'chunked')"
                )
            }
            length = .chunked
        } else if let contentLength = fields.contentLength {
            let declared: Int
            if !fields.moreContentLengths.isEmpty {
                declared = try Self.contentLength(
                    [contentLength] + fields.moreContentLengths, maxBodyBytes: maxBodyBytes)
            } else if let plain = plainLength(contentLength), plain <= maxBodyBytes {
                declared = plain
            } else {
                declared = try Self.contentLength(CollectionOfOne(contentLength), maxBodyBytes: maxBodyBytes)
            }
            length = declared == 0 ? .none : .fixed(declared)
        } else {
            length = .none
        }
        var expectsContinue = false
        if !fields.expectations.isEmpty {
            guard fields.expectations.count == 1, let expectation = fields.expectations.first,
                HTTPHeaders.bytesMatchIgnoringCase(HTTPBytes.trimmed(expectation.utf8), "100-continue".utf8)
            else {
                throw HTTPParseError(
                    .expectationFailed,
                    "headers: Expect '\(fields.expectations.joined(separator: ", "))' is not supported (only '100-continue')"
                )
            }
            expectsContinue = version == .http1_1 && length != .none
        }
        return Decision(length: length, expectsContinue: expectsContinue, hasConnectionField: fields.hasConnectionField)
    }

    /// The usual `Content-Length` value, 1 to ``maxLengthDigits`` digits and nothing else, read
    /// in one pass over its bytes; nil for anything else, which ``contentLength(_:maxBodyBytes:)``
    /// reads or refuses (lists, spaces, too many digits).
    private static func plainLength(_ value: String) -> Int? {
        guard value.utf8.count <= maxLengthDigits else { return nil }
        var number = 0
        for byte in value.utf8 {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value.isEmpty ? nil : number
    }

    /// One value from every `Content-Length` field and comma-separated item, which must agree.
    private static func contentLength(_ values: some Sequence<String>, maxBodyBytes: Int) throws(HTTPParseError)
        -> Int
    {
        var agreed: Int?
        for value in values {
            // The comma-separated items walked in place (`split` built an array of them for
            // every request).
            var rest = value.utf8[...]
            while true {
                let comma = rest.firstIndex(of: UInt8(ascii: ","))
                let digits = HTTPBytes.trimmed(rest[..<(comma ?? rest.endIndex)])
                guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                    throw HTTPParseError(
                        .badRequest, "headers: Content-Length '\(value)' is not a non-negative decimal number")
                }
                guard digits.count <= maxLengthDigits else {
                    throw HTTPParseError(
                        .contentTooLarge, "headers: Content-Length \(value) exceeds the limit of \(maxBodyBytes) bytes",
                        declaredBodyBytes: .max)
                }
                let number = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                if let agreed, agreed != number {
                    throw HTTPParseError(
                        .badRequest, "headers: conflicting Content-Length values \(values.joined(separator: ", "))")
                }
                agreed = number
                guard let comma else { break }
                rest = rest[rest.index(after: comma)...]
            }
        }
        let length = agreed ?? 0
        guard length <= maxBodyBytes else {
            throw HTTPParseError(
                .contentTooLarge, "headers: Content-Length \(length) exceeds the limit of \(maxBodyBytes) bytes",
                declaredBodyBytes: length)
        }
        return length
    }
}
