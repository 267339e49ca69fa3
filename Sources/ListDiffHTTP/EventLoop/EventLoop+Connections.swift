import CListDiffEpoll
import ListDiffThreads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-connection work of an event loop: read, parse, dispatch, write, time out, close.
extension EventLoop {
    func readAvailable(_ connection: Connection) {
        switch connection.state {
        case .lingering:
            drainLingering(connection)
            return
        case .closed:
            preconditionFailure("connection: read after close")
        case .streaming(let streaming):
            discardStreamInput(connection, streaming)
            return
        case .serving, .awaiting, .closingAfterWrite:
            break
        }
        guard !connection.peerClosedInput else { return }
        let minimum = connection.parser.phase == .body ? 64 * 1024 : 4096
        let space = connection.input.writableSpace(minimum: minimum)
        let count = read(connection.fd, space.baseAddress, space.count)
        if count > 0 {
            if connection.input.isEmpty && connection.parser.phase == .idle { connection.requestStartedAt = now }
            connection.input.didWrite(count)
            connection.lastActivityAt = now
            serve(connection)
        } else if count == 0 {
            connection.peerClosedInput = true
            // A client that leaves while its deferred response or worker job is awaited has
            // abandoned it (but a stream's: see `clientEndedInput(whileAwaiting:)`). Otherwise
            // requests it sent before closing are still answered, then we close.
            if connection.state.isAwaiting {
                clientEndedInput(whileAwaiting: connection)
            } else {
                serve(connection)
            }
        } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
            closeConnection(connection)
        }
    }

    /// Answers buffered requests and writes their responses, in order, until the connection
    /// waits for the client, a handler, or a full socket.
    func serve(_ connection: Connection) {
        while processInput(connection) == .outputFull {
            flush(connection)
            if connection.isClosed || connection.outbound.pendingBytes >= Self.outputHighWater { return }
        }
        flush(connection)
    }

    enum InputOutcome {
        /// Waiting for more bytes, for a handler, or closing.
        case waiting
        /// Requests may remain in the input, but the output is at its high-water mark.
        case outputFull
    }

    /// Parses and answers as many buffered requests as allowed, in order.
    @discardableResult
    func processInput(_ connection: Connection) -> InputOutcome {
        while case .serving = connection.state {
            guard connection.outbound.pendingBytes < Self.outputHighWater else { return .outputFull }
            var consumed = 0
            let event = connection.parser.parse(connection.input.readable, consumed: &consumed)
            connection.input.consume(consumed)
            connection.requestBytesIn += consumed
            switch consume event {
            case .needMoreData:
                if connection.peerClosedInput {
                    // Nothing more will arrive: what is buffered is an unfinished request.
                    connection.state.clientInputEnded()
                } else if connection.parser.phase == .body {
                    if connection.bodyStartedAt == nil { connection.bodyStartedAt = now }
                    guard countChunkedBody(of: connection) else {
                        refuseAndDiscard(
                            connection, head: connection.parser.currentHead, declared: nil, bufferLimitResponse())
                        return .waiting
                    }
                }
                return .waiting
            case .bodyFollows(let declared, let arrived, let expectsContinue):
                // A small body that came whole with its head costs nothing more to read than it
                // already has: no check or count that would only slow the common request.
                if let declared, declared <= Self.uncountedBodyBytes, arrived >= declared, !expectsContinue { continue }
                admitBody(of: connection, declared: declared, expectsContinue: expectsContinue)
            case .request(let request):
                if connection.bodyBytesCounted > 0 {
                    _ = countChunkedBody(of: connection, received: request.body.count)
                }
                // Consumed: passing the case's binding as it is copied the whole request.
                dispatch(consume request, on: connection)
            case .failure(let error):
                respondWithProblem(
                    connection, status: error.status, detail: error.detail, unreadBodyBytes: error.declaredBodyBytes)
            }
        }
        return .waiting
    }

    /// A head whose body follows. Refused now — before a byte of its body is buffered — if
    /// the responder refuses it (an unknown route, a missing API key) or the declared body
    /// would pass the server's limit of buffered body bytes; else `100 Continue` if asked.
    /// The handler resolved here waits in the connection for the request's dispatch.
    private func admitBody(of connection: Connection, declared: Int?, expectsContinue: Bool) {
        let head = connection.parser.currentHead
        let handler = responder.resolve(head)
        connection.headHandler = handler
        if let refusal = handler.refusal {
            refuseAndDiscard(connection, head: head, declared: declared, refusal)
            return
        }
        if let declared {
            guard bodies.take(declared) else {
                refuseAndDiscard(connection, head: head, declared: declared, bufferLimitResponse())
                return
            }
            connection.bodyBytesCounted = declared
        }
        if expectsContinue {
            connection.outbound.appendCoalesced { $0.append(contentsOf: ResponseSerializer.continueLine) }
        }
    }

    /// Answers a request whose body was not read and closes, discarding enough of the body
    /// that a client writing it all before reading still reads the answer.
    func refuseAndDiscard(_ connection: Connection, head: HTTPRequest, declared: Int?, _ refusal: HTTPResponse) {
        var response = refusal
        response.closesConnection = true
        let route = (connection.headHandler ?? responder.resolve(head)).route
        connection.headHandler = nil
        finish(
            connection,
            InFlightRequest(
                head, route: route, bytesIn: connection.requestBytesIn, startedAt: connection.requestStartedAt),
            response, discardLimit: discardAllowance(declaredBodyBytes: declared))
    }

    /// Counts the bytes a chunked body has grown to (`received`, default: what the parser
    /// holds) against the buffering limit, in steps; false if the limit is reached.
    private func countChunkedBody(of connection: Connection, received: Int? = nil) -> Bool {
        let received = received ?? connection.parser.bodyBytesReceived
        guard received > connection.bodyBytesCounted else { return true }
        let more = max(received - connection.bodyBytesCounted, Self.chunkedBodyCountStep)
        guard bodies.take(more) else { return false }
        connection.bodyBytesCounted += more
        return true
    }

    /// The 503 for a body the server has no room to buffer now.
    func bufferLimitResponse() -> HTTPResponse {
        var response = HTTPProblem(
            status: 503,
            detail: "the server holds its limit of \(bodies.limit) bytes of request bodies at once; retry later"
        ).response(closesConnection: true)
        response.headers.append(name: "Retry-After", value: Self.retryAfterSeconds)
        return response
    }

    /// Gives the current request's counted body bytes back to the buffering limit.
    func releaseBody(of connection: Connection) {
        guard connection.bodyBytesCounted > 0 else { return }
        bodies.giveBack(connection.bodyBytesCounted)
        connection.bodyBytesCounted = 0
    }

    /// Bytes a lingering close discards after refusing a request with `declared` body bytes
    /// unread (nil: unknown): all of them, up to twice the body limit (a larger body gets a
    /// reset, as from any server), and at least ``minimumDiscardBytes``.
    func discardAllowance(declaredBodyBytes declared: Int?) -> Int {
        let body = min(declared ?? 0, 2 * configuration.limits.maxBodyBytes)
        return max(Self.minimumDiscardBytes, body + Self.minimumDiscardBytes / 16)
    }

    private func dispatch(_ request: consuming HTTPRequest, on connection: Connection) {
        let handler = connection.headHandler ?? responder.resolve(request)
        connection.headHandler = nil
        let inFlight = InFlightRequest(
            request, route: handler.route, bytesIn: connection.requestBytesIn, startedAt: connection.requestStartedAt,
            streams: handler.streams)
        connection.requestBytesIn = 0
        connection.requestStartedAt = now
        connection.bodyStartedAt = nil
        guard handler.cost.runsOnWorkers(bodyCount: request.body.count) else {
            switch handler.handle(request) {
            case .response(let response):
                finish(connection, inFlight, response)
            case .deferred(let deferred):
                switch deferred.bind(mailbox: mailbox, fd: connection.fd, connectionID: connection.id) {
                case .response(let response)?: finish(connection, inFlight, response)
                case .stream(let stream)?: startStreaming(stream, answering: inFlight, on: connection)
                case nil: startWaiting(for: deferred, answering: inFlight, on: connection)
                }
            case .stream(let stream):
                startStreaming(stream, answering: inFlight, on: connection)
            }
            return
        }
        let presence = HTTPClientPresence()
        request.clientPresence = presence
        let mailbox = self.mailbox
        let fd = connection.fd
        let connectionID = connection.id
        let handle = handler.handle
        let queued = workers.submit(unlessQueued: handler.queueBound?.limit) { [request = copy request] in
            switch handle(request) {
            case .response(let response):
                mailbox.post(.handlerFinished(fd: fd, connectionID: connectionID, response: response))
            case .deferred(let deferred):
                mailbox.post(.handlerDeferred(fd: fd, connectionID: connectionID, response: deferred))
            case .stream(let stream):
                mailbox.post(.handlerStreamed(fd: fd, connectionID: connectionID, stream: stream))
            }
        }
        if !queued, let bound = handler.queueBound {
            finish(connection, inFlight, bound.refusal(request))
            return
        }
        connection.state.startAwaiting(inFlight, .worker(presence))
    }

    /// Queues the response (head and body coalesced when small) and logs the request. A
    /// response that closes the connection lets a lingering close discard `discardLimit` bytes.
    /// A large body that does not fit the server's unsent response bytes is answered 503
    /// instead (``responseBudgetRefusal(closesConnection:)``).
    func finish(
        _ connection: Connection, _ request: InFlightRequest, _ response: HTTPResponse,
        discardLimit: Int = EventLoop.minimumDiscardBytes
    ) {
        let holdsBody = OutboundQueue.isReferenced(response.body.count) && !request.isHead
        if holdsBody, !holdResponseBody(response.body) {
            finish(
                connection, request, responseBudgetRefusal(closesConnection: response.closesConnection),
                discardLimit: discardLimit)
            return
        }
        let keepAlive = request.keepAlive && !response.closesConnection && !draining
        connection.state.responseQueued(keepAlive: keepAlive, discardLimit: discardLimit)
        prepareAnswer(on: connection)
        let dateLine = dateCache.line
        var sendsBody = false
        var bytesOut = 0
        connection.outbound.appendCoalesced { output in
            let before = output.count
            sendsBody = ResponseSerializer.appendHead(
                of: response, to: &output, requestIsHead: request.isHead, keepAlive: keepAlive,
                clientIsHTTP10: request.isHTTP10, dateLine: dateLine
            )
            bytesOut = output.count - before
        }
        if sendsBody {
            if holdsBody {
                connection.outbound.appendHeldBody(response.body)
            } else {
                connection.outbound.appendBody(response.body)
            }
            bytesOut += response.body.count
        } else if holdsBody {
            responses.release(response.body)
        }
        recordAnswer(request, status: response.status, on: connection, bytesOut: bytesOut)
    }

    /// Answers a transport-level error with a problem+json body and closes afterwards,
    /// discarding up to `unreadBodyBytes` first: a body refused by its declared length (413)
    /// is still sent by clients that write before they read, and they should read why.
    func respondWithProblem(_ connection: Connection, status: Int, detail: String, unreadBodyBytes: Int? = nil) {
        let request = InFlightRequest(
            method: "-", route: "-", isHead: false, keepAlive: false, isHTTP10: false,
            bytesIn: connection.requestBytesIn, startedAt: connection.requestStartedAt
        )
        connection.requestBytesIn = 0
        connection.bodyStartedAt = nil
        finish(
            connection, request, HTTPProblem(status: status, detail: detail).response(closesConnection: true),
            discardLimit: discardAllowance(declaredBodyBytes: unreadBodyBytes))
    }

    func flush(_ connection: Connection) {
        guard !connection.outbound.isEmpty else {
            if case .closingAfterWrite = connection.state { startClosing(connection) }
            return
        }
        let pendingBefore = connection.outbound.pendingBytes
        let outcome = connection.outbound.write(to: connection.fd)
        connection.writeProgress.sent(pendingBefore - connection.outbound.pendingBytes)
        switch outcome {
        case .drained:
            connection.writeProgress.progressed(now: now)
            connection.lastActivityAt = now
            // A stream writes now and then: its storage is not kept between events.
            if connection.state.isStreaming { connection.outbound.releaseSpare() }
            if case .closingAfterWrite = connection.state { startClosing(connection) }
        case .blocked(let progressed):
            if progressed { connection.writeProgress.progressed(now: now) }
        case .failed:
            closeConnection(connection, ending: .writeFailed)
            return
        }
        if case .streaming(let streaming) = connection.state {
            streaming.stream.written(queuedBytes: connection.outbound.pendingBytes)
        }
    }

    /// Registers exactly the readiness the connection can act on now (one `epoll_ctl`
    /// only when it changes, so steady keep-alive traffic needs none).
    func updateInterest(_ connection: Connection) {
        var wanted: UInt32 = 0
        let reads: Bool
        switch connection.state {
        case .serving:
            // Reads the next requests until their answers pile up.
            reads = !connection.peerClosedInput && connection.outbound.pendingBytes < Self.outputHighWater
        case .awaiting:
            // Reads on to notice the client leaving, until too much pipelined input is buffered.
            reads = !connection.peerClosedInput && connection.input.count < Self.waitingInputLimit
        case .streaming(let streaming):
            // Read only to notice the client leaving, within a bound.
            reads = !connection.peerClosedInput && streaming.discardedInput < Self.streamDiscardLimit
        case .closingAfterWrite:
            reads = false
        case .lingering:
            reads = true
        case .closed:
            preconditionFailure("connection: poller interest after close")
        }
        if reads { wanted |= UInt32(CLD_READABLE) }
        if !connection.outbound.isEmpty { wanted |= UInt32(CLD_WRITABLE) }
        if wanted != connection.interest {
            cld_poller_modify(poller, connection.fd, connection.interest, wanted, connection.pollToken)
            connection.interest = wanted
        }
        armDeadline(connection)
    }
}
