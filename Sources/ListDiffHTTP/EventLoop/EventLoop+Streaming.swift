import CListDiffEpoll

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streamed responses (``HTTPResponseStream``) on an event loop: the head, pieces framed as
/// chunks as they come, heartbeats from the loop's timers, the farewell on shutdown, and the
/// end, whichever way it comes.
extension EventLoop {
    /// Input a streaming connection reads and throws away (it is read only to notice its
    /// client leaving) before it is read no more: a client that keeps sending is misbehaving.
    static let streamDiscardLimit = 64 * 1024

    /// Answers `request` with `stream` on `connection` (serving): its head, what was sent
    /// before, then whatever comes. Past ``HTTPLimits/maxStreams`` it is answered 503 instead,
    /// and a HEAD request gets the head alone; the stream then ends as refused.
    func startStreaming(_ stream: HTTPResponseStream, answering request: InFlightRequest, on connection: Connection) {
        let head = stream.responseHead
        if request.isHead {
            stream.end(.refused)
            answerWithHeadAlone(head, request, on: connection)
            return
        }
        guard streams.take() else {
            counters.refusedStreams += 1
            stream.end(.refused)
            var refusal = HTTPProblem(
                status: 503, detail: "the server holds its limit of \(streams.limit) open streams; retry later"
            ).response()
            refusal.headers.append(name: "Retry-After", value: Self.retryAfterSeconds)
            refusal.headers.append(contentsOf: stream.decoration)
            finish(connection, request, refusal)
            return
        }
        let streaming = StreamingResponse(
            stream: stream, request: request, status: head.status, isChunked: !request.isHTTP10, now: now)
        connection.state.startStreaming(streaming)
        watchPeer(of: connection)
        counters.streamOpened()
        // Pipelined requests after a stream are never answered, and what it reads later is
        // thrown away through the scratch space: its input buffer goes back at once (a burst
        // of thousands of streams opening holds none).
        connection.input.consume(connection.input.count)
        connection.input.release()
        prepareAnswer(on: connection)
        let dateLine = dateCache.line
        let before = connection.outbound.pendingBytes
        connection.outbound.appendCoalesced { output in
            ResponseSerializer.appendStreamHead(
                of: head, to: &output, chunked: streaming.isChunked, keepAlive: false, dateLine: dateLine)
        }
        streaming.bytesOut += connection.outbound.pendingBytes - before
        // Logged when the stream ends, with all it sent.
        recordAnswer(request, status: head.status, on: connection, bytesOut: nil)
        if let interval = streaming.heartbeatInterval {
            timers.schedule(
                .init(deadline: now + interval, fd: connection.fd, connectionID: connection.id, kind: .heartbeat))
        }
        if let seconds = stream.secondsToTimeLimit {
            timers.schedule(
                .init(
                    deadline: now + MonotonicClock.nanoseconds(seconds), fd: connection.fd,
                    connectionID: connection.id, kind: .streamTimeLimit))
        }
        queue(
            stream.bind(mailbox: mailbox, fd: connection.fd, connectionID: connection.id), of: streaming, on: connection
        )
        // A client that ended its input while its handler ran keeps the stream only if the
        // loop can find out whether it is still there (`clientEndedInput(of:_:)`); the head
        // queued above is the first write that would tell.
        if connection.peerClosedInput, connection.state.isStreaming, streaming.heartbeatBytes.isEmpty {
            closeConnection(connection, ending: .clientGone)
        } else if draining, connection.state.isStreaming {
            sayFarewell(connection, streaming)
        }
    }

    /// Takes what the stream's application sent since the last time and writes it.
    func pumpStream(_ connection: Connection, _ streaming: StreamingResponse) {
        let waitingBefore = connection.outbound.pendingBytes
        queue(streaming.stream.takeOutput(), of: streaming, on: connection)
        flush(connection)
        guard !connection.isClosed else { return }
        // A piece larger than the buffer is taken whole by an empty queue (the server's limit
        // of unsent response bytes counts it); a reader that lets bytes pile up behind earlier
        // ones is too slow (it resumes from where it stopped).
        if waitingBefore > 0, connection.state.isStreaming,
            connection.outbound.pendingBytes > configuration.limits.streamMaxBufferBytes
        {
            closeConnection(connection, ending: .slowReader)
            return
        }
        updateInterest(connection)
    }

    /// Sends the heartbeat of the stream `entry` names if nothing was queued for it for its
    /// interval, and sets its next timer. An entry of a connection closed since is dropped.
    func fireHeartbeat(_ entry: TimerHeap.Entry) {
        guard Int(entry.fd) < connections.count, let connection = connections[Int(entry.fd)],
            connection.id == entry.connectionID, case .streaming(let streaming) = connection.state,
            let interval = streaming.heartbeatInterval
        else { return }
        let due = streaming.lastQueuedAt + interval
        guard now >= due else {
            timers.schedule(.init(deadline: due, fd: entry.fd, connectionID: entry.connectionID, kind: .heartbeat))
            return
        }
        timers.schedule(
            .init(deadline: now + interval, fd: entry.fd, connectionID: entry.connectionID, kind: .heartbeat))
        // Bytes still waiting say more than a heartbeat would; the write rate watches them.
        guard connection.outbound.isEmpty else { return }
        sendHeartbeat(streaming, on: connection)
        if !connection.isClosed { updateInterest(connection) }
    }

    /// The time limit of the stream `entry` names came: its last words, then its end. An entry
    /// of a connection closed since (or streaming no more) is dropped.
    func fireStreamTimeLimit(_ entry: TimerHeap.Entry) {
        guard Int(entry.fd) < connections.count, let connection = connections[Int(entry.fd)],
            connection.id == entry.connectionID, case .streaming(let streaming) = connection.state
        else { return }
        streaming.stream.reachTimeLimit()
    }

    /// Sends a heartbeat straight to the socket of a stream with nothing queued, framed in the
    /// loop's one reused buffer: one `send` and nothing allocated, since thousands of idle
    /// streams send one each interval. What the socket does not take is queued as usual.
    func sendHeartbeat(_ streaming: StreamingResponse, on connection: Connection) {
        let piece = streaming.heartbeatBytes
        guard !piece.isEmpty else { return }
        heartbeatFrame.removeAll(keepingCapacity: true)
        if streaming.isChunked {
            ResponseSerializer.appendChunk(piece, to: &heartbeatFrame)
        } else {
            heartbeatFrame += piece
        }
        let framed = heartbeatFrame.count
        let sent = heartbeatFrame.withUnsafeBytes { cld_send(connection.fd, $0.baseAddress, $0.count) }
        if sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
            closeConnection(connection, ending: .writeFailed)
            return
        }
        let taken = max(sent, 0)
        streaming.bytesOut += framed
        streaming.lastQueuedAt = now
        connection.lastActivityAt = now
        guard taken < framed else { return }
        connection.writeProgress.restart(now: now)
        connection.outbound.appendBody(Array(heartbeatFrame[taken...]))
    }

    /// Shutdown: what was sent, the farewell, then the end of the body; the stream ends as
    /// shut down (unless its application finished it first).
    func sayFarewell(_ connection: Connection, _ streaming: StreamingResponse) {
        queue(streaming.stream.takeOutput(), of: streaming, on: connection)
        guard connection.state.isStreaming else { return }
        let farewell = streaming.stream.farewell
        guard append(.init(parts: [farewell], count: farewell.count), of: streaming, on: connection) else { return }
        streaming.stream.end(.shutdown)
        endBody(of: connection, streaming, end: .shutdown)
    }

    /// Reads and throws away what a streaming client sends, to notice it ending its input
    /// (`clientEndedInput(of:_:)`) or leaving.
    func discardStreamInput(_ connection: Connection, _ streaming: StreamingResponse) {
        let count = read(connection.fd, scratch, Self.scratchSize)
        if count > 0 {
            streaming.discardedInput += count
        } else if count == 0 {
            clientEndedInput(of: connection, streaming)
        } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
            closeConnection(connection, ending: .clientGone)
        }
    }

    /// The bookkeeping of a stream whose connection closes before its body ended.
    func streamClosed(_ streaming: StreamingResponse, ending: HTTPResponseStream.End) {
        if ending == .slowReader { counters.streamSlowReaderCloses += 1 }
        streaming.stream.end(ending)
        streamOver(streaming, end: ending.label)
    }

    /// Queues what the stream's application sent; stops if a piece closed the connection.
    private func queue(_ output: HTTPResponseStream.Output, of streaming: StreamingResponse, on connection: Connection)
    {
        for piece in output.pieces {
            guard append(piece, of: streaming, on: connection) else { return }
            counters.streamedChunks += 1
        }
        if output.finished { endBody(of: connection, streaming, end: nil) }
    }

    /// Queues `piece` as one chunk (or as it is, for HTTP/1.0), its large parts by reference.
    /// False if they do not fit the server's unsent response bytes: the stream is then closed
    /// as a slow reader (its client resumes by `Last-Event-ID`), its first piece too.
    private func append(_ piece: HTTPResponseStream.Piece, of streaming: StreamingResponse, on connection: Connection)
        -> Bool
    {
        guard piece.count > 0 else { return true }
        guard holdLargeParts(of: piece) else {
            counters.responseBudgetCloses += 1
            closeConnection(connection, ending: .slowReader)
            return false
        }
        if connection.outbound.isEmpty { connection.writeProgress.restart(now: now) }
        let before = connection.outbound.pendingBytes
        if streaming.isChunked {
            connection.outbound.appendCoalesced { ResponseSerializer.appendChunkSize(piece.count, to: &$0) }
        }
        for part in piece.parts {
            if OutboundQueue.isReferenced(part.count) {
                connection.outbound.appendHeldBody(part)
            } else {
                connection.outbound.appendBody(part)
            }
        }
        if streaming.isChunked {
            connection.outbound.appendCoalesced { $0.append(contentsOf: ResponseSerializer.chunkEnd) }
        }
        streaming.bytesOut += connection.outbound.pendingBytes - before
        streaming.lastQueuedAt = now
        return true
    }

    /// Holds each large part of `piece` in the server's budget; false (none held) if one does
    /// not fit.
    private func holdLargeParts(of piece: HTTPResponseStream.Piece) -> Bool {
        var held = 0
        for part in piece.parts where OutboundQueue.isReferenced(part.count) {
            guard holdResponseBody(part) else {
                for earlier in piece.parts.lazy.filter({ OutboundQueue.isReferenced($0.count) }).prefix(held) {
                    responses.release(earlier)
                }
                return false
            }
            held += 1
        }
        return true
    }

    /// The body's last bytes are queued: the terminating chunk, then the connection closes.
    private func endBody(of connection: Connection, _ streaming: StreamingResponse, end: HTTPResponseStream.End?) {
        if streaming.isChunked {
            connection.outbound.appendCoalesced { $0.append(contentsOf: ResponseSerializer.lastChunk) }
            streaming.bytesOut += ResponseSerializer.lastChunk.count
        }
        connection.state.streamEnded(discardLimit: Self.minimumDiscardBytes)
        streamOver(streaming, end: end?.label ?? "finished")
    }

    private func streamOver(_ streaming: StreamingResponse, end: String) {
        counters.streamClosed()
        streams.giveBack()
        streaming.stream.release()
        let request = streaming.request
        logRequest(
            request, status: streaming.status, bytesOut: streaming.bytesOut,
            microseconds: (MonotonicClock.now() &- request.startedAt) / 1000, end: end)
    }

    /// A HEAD request for a stream: the head a GET would get, and the connection goes on.
    private func answerWithHeadAlone(_ head: HTTPResponse, _ request: InFlightRequest, on connection: Connection) {
        // An HTTP/1.0 client would need `Connection: keep-alive` named; it gets a close.
        let keepAlive = request.keepAlive && !request.isHTTP10 && !draining
        connection.state.responseQueued(keepAlive: keepAlive, discardLimit: Self.minimumDiscardBytes)
        prepareAnswer(on: connection)
        let dateLine = dateCache.line
        let before = connection.outbound.pendingBytes
        connection.outbound.appendCoalesced { output in
            ResponseSerializer.appendStreamHead(
                of: head, to: &output, chunked: !request.isHTTP10, keepAlive: keepAlive, dateLine: dateLine)
        }
        recordAnswer(request, status: head.status, on: connection, bytesOut: connection.outbound.pendingBytes - before)
    }
}
