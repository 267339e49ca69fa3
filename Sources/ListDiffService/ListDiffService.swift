import Foundation
import ListDiffHTTP
import ListDiffJSON
import ListDiffStore

/// The list-diff service: stateless diffs and per-session named snapshots with versions,
/// mounted on a ``Router`` of the transport.
///
/// ```swift
/// let service = ListDiffService(configuration: ServiceConfiguration())
/// var router = Router()
/// service.mount(on: &router)
/// ```
///
/// Snapshots live in a ``SnapshotStore`` (in memory, or Redis/Valkey), whose epoch starts every
/// version it writes (`<epoch>.<n>`), so a client holding a version from another process (a
/// restart, another instance behind a balancer) or of a snapshot since deleted gets a reset,
/// never a changeset from a version this store never had. The handlers parse, call the store
/// and write the answer; the store's refusals become problems in one place
/// (``ServiceProblem/init(_:configuration:)``).
public final class ListDiffService: Sendable {
    public let configuration: ServiceConfiguration
    let store: any SnapshotStore
    /// Where, with which deadline and behind which queue bound every store call runs.
    let storeCalls: StoreCalls
    /// API keys and token keys: who a `/v1` request comes from.
    let credentials: Credentials
    /// Every diff the service runs (``DiffMetrics/changeset(from:to:format:)``) and its store
    /// reports.
    let diffMetrics: DiffMetrics
    let storeRoundTrips: StoreRoundTrips
    let longPollBodies = LongPollBodies()
    let snapshotBodies = SnapshotBodies()
    let streamMetrics = StreamMetrics()
    /// When the service was made (seconds since 1970), for the uptime metric.
    let startedAt: Double

    public init(configuration: ServiceConfiguration = ServiceConfiguration(), store factory: StoreFactory = .memory) {
        self.configuration = configuration
        let diffMetrics = DiffMetrics()
        self.diffMetrics = diffMetrics
        let roundTrips = StoreRoundTrips()
        storeRoundTrips = roundTrips
        let storeCalls = StoreCalls(
            blocks: factory.blocks, timeout: configuration.store.callTimeout,
            queueLimit: configuration.maxQueuedStoreCalls)
        self.storeCalls = storeCalls
        store = factory.make(
            configuration.storeLimits,
            StoreFactory.Observers(
                differ: SnapshotDiffer { seconds, items in diffMetrics.observe(seconds: seconds, items: items) },
                roundTrip: { seconds in roundTrips.observe(seconds) },
                background: storeCalls))
        credentials = Credentials(configuration)
        startedAt = Date().timeIntervalSince1970
    }

    /// The store's epoch (``SnapshotStore/epoch``): the in-memory store's 16 random hex digits
    /// per process start; empty with a store whose epochs belong to each stored session.
    public var epoch: String { store.epoch }

    /// What the store holds now.
    public func statistics() -> StoreStatistics {
        store.statistics()
    }

    /// The query parameters that choose a changeset's form (``ChangesetFormat``), taken by
    /// every route that answers one; on `POST /v1/diff` `include` is named only to be refused
    /// with a reason (the caller of a diff has both lists). `changes` adds `since` and `wait`.
    static let changesetQuery = ["format", "updates", "include"]

    /// Request bodies up to this size are diffed on the event loop: a diff of some hundreds of
    /// items costs less than the hop to a worker thread and back.
    public static let inlineBodyBytes = 16 * 1024

    /// Mounts every `/v1` route, each with the access a token needs to use it (``RouteAccess``).
    /// Stateless diffs run on worker threads when their body is large; snapshot writes, reads
    /// and long polls always (a small write may diff a large stored snapshot); session
    /// bookkeeping on the event loop, unless the store blocks.
    public func mount(on router: inout Router) {
        router.isLikelyTypo = { typed, known in NearestName.suggestion(for: typed, among: [String(known)]) != nil }
        // The key or token is checked once, on the head, against the access the route declares,
        // so a request without one (or one whose token does not reach the route) never sends its body.
        var v1 = RouteGroup("/v1", middleware: CallerAuthentication(service: self))
        let bodySized = HandlerCost.heavyAbove(bodyBytes: Self.inlineBodyBytes)
        route(&v1, "POST", "/v1/diff", access: .diff, cost: bodySized, query: Self.changesetQuery, callsStore: false) {
            [self] request throws(ServiceProblem) in .response(try diff(request))
        }
        // Session bookkeeping is cheap in memory; a store across the network is waited on by a worker.
        let bookkeeping = storeCalls.storeBoundCost
        route(&v1, "POST", "/v1/sessions", access: .sessionCreation, cost: bookkeeping) {
            [self] request throws(ServiceProblem) in try createSession(request)
        }
        route(&v1, "GET", ServiceRequest.session, access: .read, cost: bookkeeping) {
            [self] request throws(ServiceProblem) in try getSession(request)
        }
        route(
            &v1, "DELETE", ServiceRequest.session,
            access: .apiKeyOnly(
                detail: "deleting a session takes an API key: a token's write scope deletes snapshots, never sessions"),
            cost: bookkeeping
        ) { [self] request throws(ServiceProblem) in try deleteSession(request) }
        route(&v1, "PUT", ServiceRequest.snapshot, access: .write, cost: .heavy, query: Self.changesetQuery) {
            [self] request throws(ServiceProblem) in try putSnapshot(request)
        }
        route(&v1, "GET", ServiceRequest.snapshot, access: .read, cost: .heavy, query: ["subtree", "includingParent"]) {
            [self] request throws(ServiceProblem) in try getSnapshot(request)
        }
        route(&v1, "DELETE", ServiceRequest.snapshot, access: .write, cost: bookkeeping) {
            [self] request throws(ServiceProblem) in try deleteSnapshot(request)
        }
        route(
            &v1, "GET", ServiceRequest.changes, access: .read, cost: .heavy,
            query: ["since", "wait"] + Self.changesetQuery
        ) { [self] request throws(ServiceProblem) in try changes(request) }
        route(
            &v1, "GET", ServiceRequest.events, access: .readWithQueryToken, cost: .heavy,
            query: ["since", "access_token"] + Self.changesetQuery, streams: true
        ) { [self] request throws(ServiceProblem) in try events(request) }
        route(&v1, "POST", ServiceRequest.operations, access: .write, cost: .heavy, query: Self.changesetQuery) {
            [self] request throws(ServiceProblem) in try applyOperations(request)
        }
        router.mount(v1)
    }
}
