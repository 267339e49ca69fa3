// libFuzzer entry for HTTPRequestParser; built by scripts/fuzz-http-parser.sh together with the
// parser's sources (not part of the package). Each input is parsed twice: whole, and fed in
// pieces whose sizes come from the input's first byte; both must agree, consume no more than
// they were given, and end in a request, a failure or a wait for more bytes.

private let fuzzLimits = HTTPLimits(maxRequestLineBytes: 512, maxHeaderBytes: 2048, maxHeaderCount: 32, maxBodyBytes: 8192)

private struct FuzzOutcome: Equatable {
    var requests: [String] = []
    var failureStatus: Int?
}

private func parseInPieces(_ input: UnsafeRawBufferPointer, pieceSize: Int) -> FuzzOutcome {
    var parser = HTTPRequestParser(limits: fuzzLimits)
    var outcome = FuzzOutcome()
    var pending: [UInt8] = []
    var offset = 0
    while offset < input.count {
        let end = min(input.count, offset + pieceSize)
        pending.append(contentsOf: input[offset..<end])
        offset = end
        feeding: while true {
            let step = pending.withUnsafeBytes { parser.parse($0) }
            guard step.consumed >= 0, step.consumed <= pending.count else { fatalError("consumed \(step.consumed) of \(pending.count)") }
            pending.removeFirst(step.consumed)
            switch step.event {
            case .needMoreData:
                break feeding
            case .bodyFollows:
                continue
            case .request(let request):
                outcome.requests.append("\(request.method) \(request.path) \(request.body.count) \(request.trailers.count) \(request.keepAlive)")
            case .failure(let error):
                outcome.failureStatus = error.status
                return outcome
            }
        }
    }
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequestParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let whole = parseInPieces(input, pieceSize: max(1, size))
    let pieceSize = size > 0 ? Int(data[0] % 13) + 1 : 1
    let pieces = parseInPieces(input, pieceSize: pieceSize)
    if whole != pieces { fatalError("split parse differs: \(whole) vs \(pieces)") }
    return 0
}
