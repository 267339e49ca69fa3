import Foundation
import ListDiffHTTP
import ListDiffStore

extension ListDiffService {
    /// `GET …/changes?since=V[&wait=N]`: the changeset from V to the current version, or a
    /// reset with the whole snapshot when V is from another process, unknown or no longer
    /// kept. With `wait`, a request whose V is current waits (no thread held) for the next
    /// write, or N seconds (capped), then answers an empty changeset from V to V.
    func changes(_ request: ServiceRequest) throws(ServiceProblem) -> HTTPHandlerResult {
        let format = try ChangesetFormat(query: request.http)
        guard let sinceText = request.http.queryValue("since") else {
            throw ServiceProblem(
                400, "invalid-query", title: "Missing query parameter",
                detail:
                    "query parameter 'since' is required: the version the client holds, e.g. since=\(epoch.isEmpty ? "<epoch>" : epoch).3.<digest> (a version from another server gets a reset)",
                extensions: [.init("parameter", .string("since"))])
        }
        guard let since = SnapshotVersion(parsing: sinceText) else {
            throw ServiceProblem.badQuery(
                "since", sinceText, allowed: "a version '<epoch>.<number>.<digest>' as returned by this API")
        }
        var asked = 0.0
        if let waitText = request.http.queryValue("wait") {
            guard let seconds = Double(waitText), seconds >= 0, seconds.isFinite else {
                throw ServiceProblem.badQuery(
                    "wait", waitText,
                    allowed:
                        "seconds, 0 or more (at most \(Self.seconds(configuration.followers.maxWaitSeconds)) are waited)"
                )
            }
            asked = seconds
        }
        let wait = min(asked, configuration.followers.maxWaitSeconds)
        // A wait over the maximum is served, not refused (clients send a configured wait), but
        // every answer to it names the wait applied, a long poll's included.
        guard wait < asked else { return try changes(request, since: since, wait: wait, format: format) }
        var applied = HTTPHeaders()
        applied.append(name: Self.waitAppliedHeader, value: Self.seconds(wait))
        do throws(ServiceProblem) {
            switch try changes(request, since: since, wait: wait, format: format) {
            case .response(var response):
                response.headers.append(contentsOf: applied)
                return .response(response)
            case .deferred(let deferred):
                deferred.addHeaders(applied)
                return .deferred(deferred)
            case .stream(let stream):
                return .stream(stream)
            }
        } catch var problem {
            problem.headers.append(contentsOf: applied)
            throw problem
        }
    }

    /// The header naming the wait a `changes` request got when it asked for more than the maximum.
    static let waitAppliedHeader = "X-ListDiff-Wait"

    /// `seconds` as a header value: whole seconds without a fraction.
    private static func seconds(_ seconds: Double) -> String {
        seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
    }

    /// `changes` with its query read: at once, or a long poll of `wait` seconds.
    private func changes(_ request: ServiceRequest, since: SnapshotVersion, wait: Double, format: ChangesetFormat)
        throws(ServiceProblem) -> HTTPHandlerResult
    {
        let address = try request.snapshotAddress()
        if wait > 0 { return try longPoll(address, since: since, wait: wait, format: format) }
        return try afterStore {
            store.changes(at: address, since: since, options: format.options, $0)
        } respond: {
            [self] changes in
            .response(response(to: changes, at: address, format: format))
        }
    }

    /// The answer to `changes` on `address`: the changeset, or a reset whose document every
    /// reader of that version shares (``SnapshotBodies``). O(changeset), or O(size) once.
    private func response(to changes: SnapshotChanges, at address: SnapshotAddress, format: ChangesetFormat)
        -> HTTPResponse
    {
        guard case .reset(let stored) = changes else {
            return ServiceJSON.response(to: changes, format: format, metrics: diffMetrics)
        }
        let body = snapshotBodies.body(of: stored, at: address, form: .reset)
        return ServiceJSON.response(body, version: stored.head.version)
    }

    /// A response the snapshot's next write answers, or the end of the wait `wait` seconds
    /// away (with what changed since `since` by then: normally nothing); answered at once when
    /// `since` is not the current version. The store holds the registration, this the
    /// response; the first wake (``LongPollWake``) answers. At the wait's end the response's
    /// own loop timer hands the store call to the executor (``StoreCalls``), its deadline
    /// counted from then; the transport answers only if that call could not, a backstop past
    /// its deadline.
    private func longPoll(_ address: SnapshotAddress, since: SnapshotVersion, wait: Double, format: ChangesetFormat)
        throws(ServiceProblem) -> HTTPHandlerResult
    {
        if let refusal = lateCallRefusal() { throw refusal }
        let wake = LongPollWake()
        let storeCalls = storeCalls
        let deferred = HTTPDeferredResponse(
            timeout: wait,
            atTimeout: { [self] deferred in
                guard wake.wake() else { return }
                storeCalls.schedule(
                    { [self] in answerAtWaitsEnd(deferred, address, since: since, format: format) },
                    refused: { problem in deferred.complete(problem.response) })
            }, backstop: configuration.store.callTimeout + Self.longPollBackstopSeconds,
            backstopResponse: { [configuration] in
                storeCalls.refusals.count(.deadlinePassed)
                return ServiceProblem.storeCallRefused(.deadlinePassed, timeout: configuration.store.callTimeout)
                    .response
            })
        // An answer given while registering (`since` is not current) is an ordinary `changes`
        // answer; one a write gives later is shared with every wait it answers.
        let handOver = StoreAnswerHandOver<SnapshotChanges>()
        let registration = store.nextChanges(at: address, since: since, options: format.options) {
            handOver.answer($0)
        }
        if let early = handOver.takeEarly() {
            _ = wake.wake()
            registration.cancel()
            switch early {
            case .success(let changes): return .response(response(to: changes, at: address, format: format))
            case .failure(let error): throw storeCalls.problem(error, configuration: configuration)
            }
        }
        let bodies = longPollBodies
        handOver.whenAnswered { [self] answer in
            guard wake.wake() else { return }
            switch answer {
            case .success(let changes):
                deferred.complete(bodies.response(to: changes, at: address, format: format, metrics: diffMetrics))
            case .failure(let error):
                deferred.complete(ServiceProblem(error, configuration: configuration).response)
            }
        }
        wake.hold(registration)
        deferred.onCancel { _ = wake.wake() }
        return .deferred(deferred)
    }

    /// Completes `deferred` with what changed since `since` when a long poll's wait ended:
    /// normally nothing. Runs as a store call of the executor, its deadline bound.
    private func answerAtWaitsEnd(
        _ deferred: HTTPDeferredResponse, _ address: SnapshotAddress, since: SnapshotVersion, format: ChangesetFormat
    ) {
        if let refusal = lateCallRefusal() {
            deferred.complete(refusal.response)
            return
        }
        store.changes(
            at: address, since: since, options: format.options,
            StoreCallDeadline.carried { [self] answer in
                switch answer {
                case .success(let changes): deferred.complete(response(to: changes, at: address, format: format))
                case .failure(let error):
                    deferred.complete(storeCalls.problem(error, configuration: configuration).response)
                }
            })
    }

    /// Seconds past a long poll's wait and its wake's store deadline before the transport
    /// answers it anyway: the wake answers first unless its thread could not run.
    static let longPollBackstopSeconds = 0.5
}
