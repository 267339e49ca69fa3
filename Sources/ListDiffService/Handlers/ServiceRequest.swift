import ListDiffHTTP
import ListDiffStore

/// What a `/v1` handler is given, finished: the request, the names its path carries, and its
/// caller — the key or token checked once on the head by the group's middleware
/// (``CallerAuthentication``), a token's sessions and scopes too — with its query checked and
/// its problems rendered around every route (see
/// ``ListDiffService/route(_:_:_:access:cost:query:callsStore:streams:_:)``), so handlers hold only their own logic.
struct ServiceRequest {
    static let session = "/v1/sessions/{session}"
    static let snapshot = "/v1/sessions/{session}/snapshots/{name}"
    static let changes = "/v1/sessions/{session}/snapshots/{name}/changes"
    static let operations = "/v1/sessions/{session}/snapshots/{name}/operations"
    static let events = "/v1/sessions/{session}/snapshots/{name}/events"

    let http: HTTPRequest
    let parameters: RouteParameters
    /// Who sent it: the owner whose sessions it sees (0 when keys and tokens are off), and a
    /// token's grants.
    let caller: Caller

    /// Which owner's sessions the request sees.
    var owner: Int { caller.owner }

    func sessionName() throws(ServiceProblem) -> String {
        let name = parameters["session"] ?? ""
        guard NameRules.isValid(name) else { throw ServiceProblem.invalidName("session", name) }
        return name
    }

    func snapshotName() throws(ServiceProblem) -> String {
        let name = parameters["name"] ?? ""
        guard NameRules.isValid(name) else { throw ServiceProblem.invalidName("snapshot", name) }
        return name
    }

    /// The snapshot the path names, for the request's owner, both names checked: what a write
    /// may create.
    func writableSnapshotAddress() throws(ServiceProblem) -> SnapshotAddress {
        SnapshotAddress(owner: owner, session: try sessionName(), snapshot: try snapshotName())
    }

    /// The snapshot the path names, to look up: the session name is checked here, the snapshot
    /// name where the lookup fails (a name no write could have made is 400 `invalid-name`,
    /// after a missing session's 404).
    func snapshotAddress() throws(ServiceProblem) -> SnapshotAddress {
        SnapshotAddress(owner: owner, session: try sessionName(), snapshot: parameters["name"] ?? "")
    }
}

extension ListDiffService {
    /// Mounts `handle` for `method` and `path` in the `/v1` group, whose middleware has checked
    /// the API key or token on the head against the route's `access` (401/400/403, or a
    /// token's 404 for a session it does not name, before the body is read); around the
    /// handler, once the body is: the query parameters the route takes (`query`; any other, or
    /// one given twice, is 400 `invalid-query`), the rendering of its problems, and, for a
    /// route that `callsStore`, the store call's admission and the bound on the queue it joins
    /// when it runs on a worker (``StoreCalls``: its deadline counted from when the request was
    /// queued, its client still there). A route that `streams` answers with a stream, still to
    /// a client that ended its input once its request was sent (``HTTPHandler/streams``).
    func route(
        _ group: inout RouteGroup<CallerAuthentication>, _ method: String, _ path: String, access: RouteAccess,
        cost: HandlerCost = .cheap, query: [String] = [], callsStore: Bool = true, streams: Bool = false,
        _ handle: @escaping @Sendable (ServiceRequest) throws(ServiceProblem) -> HTTPHandlerResult
    ) {
        let storeCalls = storeCalls
        group.add(
            method, path, requiring: access, cost: cost, queueBound: callsStore ? storeCalls.queueBound : nil,
            streams: streams
        ) { request, call in
            do throws(ServiceProblem) {
                try Self.checkQuery(request.query, allowed: query)
                let serviceRequest = ServiceRequest(http: request, parameters: call.parameters, caller: call.caller)
                guard callsStore else { return try handle(serviceRequest) }
                return try storeCalls.runRequest(request) { () throws(ServiceProblem) in try handle(serviceRequest) }
            } catch {
                return .response(error.response)
            }
        }
    }

    /// Nothing if every parameter is one of `allowed`, each given once. O(parameters × allowed).
    static func checkQuery(_ parameters: [HTTPQueryParameter], allowed: [String]) throws(ServiceProblem) {
        for (index, parameter) in parameters.enumerated() {
            guard allowed.contains(parameter.name) else {
                throw ServiceProblem.unexpectedQuery(parameter.name, repeated: false, allowed: allowed)
            }
            if parameters[..<index].contains(where: { $0.name == parameter.name }) {
                throw ServiceProblem.unexpectedQuery(parameter.name, repeated: true, allowed: allowed)
            }
        }
    }

    /// Makes the store call `call` and answers the request with `respond`'s answer to what
    /// the store answers; its refusal becomes `refusal`'s problem, by default the store's own
    /// (``StoreCalls/problem(_:configuration:)``). At once when the store answers before the
    /// call returns (the memory store), else through a deferred response completed when it
    /// does, still within the call's ``StoreCallDeadline`` (a store that has not answered a
    /// backstop past it is refused 503). Once the deadline has passed, refuses the call
    /// without touching the store.
    func afterStore<Value: Sendable>(
        _ call: (@escaping StoreAnswer<Value>) -> Void,
        refusal: (@Sendable (StoreError) -> ServiceProblem)? = nil,
        respond: @escaping @Sendable (Value) throws(ServiceProblem) -> HTTPDeferredResponse.Answer
    ) throws(ServiceProblem) -> HTTPHandlerResult {
        if let refusal = lateCallRefusal() { throw refusal }
        let handOver = StoreAnswerHandOver<Value>()
        call { handOver.answer($0) }
        if let early = handOver.takeEarly() {
            switch try answer(to: early, refusal: refusal, respond) {
            case .response(let response): return .response(response)
            case .stream(let stream): return .stream(stream)
            }
        }
        let storeCalls = storeCalls
        let timeout = configuration.store.callTimeout
        let deferred = HTTPDeferredResponse(timeout: timeout + Self.longPollBackstopSeconds) {
            storeCalls.refusals.count(.deadlinePassed)
            return ServiceProblem.storeCallRefused(.deadlinePassed, timeout: timeout).response
        }
        handOver.whenAnswered(
            StoreCallDeadline.carried { [self] result in
                do throws(ServiceProblem) {
                    deferred.complete(with: try answer(to: result, refusal: refusal, respond))
                } catch {
                    deferred.complete(error.response)
                }
            })
        return .deferred(deferred)
    }

    /// `respond`'s answer to a store's value, or its refusal's problem thrown.
    private func answer<Value>(
        to result: Result<Value, StoreError>, refusal: ((StoreError) -> ServiceProblem)?,
        _ respond: (Value) throws(ServiceProblem) -> HTTPDeferredResponse.Answer
    ) throws(ServiceProblem) -> HTTPDeferredResponse.Answer {
        switch result {
        case .success(let value): return try respond(value)
        case .failure(let error): throw refusal?(error) ?? storeCalls.problem(error, configuration: configuration)
        }
    }

    /// The refusal (counted) of a store call whose ``StoreCallDeadline`` passed before it was
    /// made; nil while there is time.
    func lateCallRefusal() -> ServiceProblem? {
        guard StoreCallDeadline.hasPassed else { return nil }
        storeCalls.refusals.count(.deadlinePassed)
        return .storeCallRefused(.deadlinePassed, timeout: configuration.store.callTimeout)
    }

    /// 422 when a list that never reaches the store (a side of `POST /v1/diff`) holds more
    /// items than allowed: the store's rule (``StoreLimits/checkItems(_:pointer:)``), which
    /// bounds every write, answered as the store's refusal is.
    func checkItemLimit(_ count: Int, pointer: String) throws(ServiceProblem) {
        do {
            try configuration.store.checkItems(count, pointer: pointer)
        } catch {
            throw ServiceProblem(error, configuration: configuration)
        }
    }
}
