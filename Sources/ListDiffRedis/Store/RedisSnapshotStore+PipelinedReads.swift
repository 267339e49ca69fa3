import ListDiffStore

/// Reads that hold no thread while Redis answers, through the client's pipeline when it has
/// one (one server's ``RedisConnectionPool``); through a client without one (a cluster's) a
/// read blocks its caller as ``InlineSnapshotStore`` calls do.
extension RedisSnapshotStore {
    /// ``read(_:)``, answered from the pipeline's thread — or, for a snapshot over
    /// ``inlineDiffBytes`` (whose answer decodes and encodes it), from the store's background
    /// calls, so that one large answer does not hold back every reply behind it.
    public func read(_ address: SnapshotAddress, _ answer: @escaping StoreAnswer<StoredVersion>) {
        guard let pipelined = client as? any RedisPipelinedClient else {
            return answer(Result { () throws(StoreError) in try read(address) })
        }
        subscribe()
        let stateRead = StateRead(self, address, body: true)
        transactionRetried(stateRead, through: pipelined) { [self] result in
            answerRead(stateRead, with: result, answer)
        }
    }

    /// Answers a read with what its transaction's replies (`result`) say.
    private func answerRead(
        _ stateRead: StateRead, with result: Result<(replies: [RESPValue], after: ArraySlice<RESPValue>), RedisError>,
        _ answer: @escaping StoreAnswer<StoredVersion>
    ) {
        let address = stateRead.address
        let state = Result { () throws(StoreError) -> State in
            let (results, touchReply) = try result.mapError { failure($0, outcomeUnknown: false) }.get()
            let current = try stateRead.interpret(results, touchReply: touchReply, mayWait: false)
            guard current.epoch != nil else { throw .sessionNotFound(address.session) }
            guard let state = current.state else { throw .notFound(address, neverWritten: false) }
            return state
        }
        guard case .success(let found) = state, found.body.count > Self.inlineDiffBytes else {
            return answer(state.map(Self.storedVersion))
        }
        background.run(
            queuedAt: .now, { answer(.success(Self.storedVersion(found))) }, refused: { answer(.failure($0)) })
    }

    /// The version a read found, its JSON decoded when asked for.
    private static func storedVersion(_ state: State) -> StoredVersion {
        let body = state.body
        return StoredVersion(head: state.head, numberOfItems: state.items) { decode(body) }
    }

    /// `read`'s transaction through the pipeline, sent once more when the connection failed
    /// before the reply (as ``redis(outcomeUnknown:_:)`` retries a read).
    private func transactionRetried(
        _ read: StateRead, through client: any RedisPipelinedClient,
        answer: @escaping @Sendable (Result<(replies: [RESPValue], after: ArraySlice<RESPValue>), RedisError>) -> Void
    ) {
        let touch = read.touch.map { [$0] } ?? []
        transaction(read.commands, routedBy: read.keys.session, then: touch, through: client) { [self] result in
            switch result {
            case .failure(.closed), .failure(.io):
                transaction(read.commands, routedBy: read.keys.session, then: touch, through: client, answer: answer)
            default:
                answer(result)
            }
        }
    }
}
