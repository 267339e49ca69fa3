// swift-tools-version:6.1
// ListDiff: a list-diff service built on the Swift toolchain alone (no package dependencies).
import PackageDescription

let package = Package(
    name: "ListDiff",
    platforms: [.macOS(.v14), .iOS(.v16), .tvOS(.v16), .macCatalyst(.v16)],
    products: [
        .library(name: "ListDiff", targets: ["ListDiff"]),
        .library(name: "ListDiffJSON", targets: ["ListDiffJSON"]),
        .library(name: "ListDiffWire", targets: ["ListDiffWire"]),
        .library(name: "ListDiffHTTP", targets: ["ListDiffHTTP"]),
        .library(name: "ListDiffStore", targets: ["ListDiffStore"]),
        .library(name: "ListDiffRedis", targets: ["ListDiffRedis"]),
        .library(name: "ListDiffService", targets: ["ListDiffService"]),
        .library(name: "ListDiffClient", targets: ["ListDiffClient"]),
        .library(name: "ListDiffPlayground", targets: ["ListDiffPlayground"]),
        .executable(name: "listdiff-server", targets: ["listdiff-server"]),
        .executable(name: "listdiff-bench", targets: ["listdiff-bench"]),
        .executable(name: "listdiff-client-example", targets: ["listdiff-client-example"])
    ],
    targets: [
        // The engine: snapshots, the sectioned Heckel diff, changesets and the batch-update
        // simulator. Standard library only.
        .target(name: "ListDiff"),
        // JSON only: a strict, fast JSON reader and writer over bytes, read errors and problem
        // bodies. Standard library only: no dependencies (CI checks).
        .target(name: "ListDiffJSON"),
        // The wire: the API's model and the readers and writers of snapshots, operations,
        // changesets and every other document, operation lists and the digest. ListDiff and
        // ListDiffJSON only (CI checks).
        .target(name: "ListDiffWire", dependencies: ["ListDiff", "ListDiffJSON"]),
        // Seeded inputs shared by the benchmark and the tests: SplitMix64, the standard
        // scenarios of docs/benchmarks.md, random snapshot pairs.
        .target(name: "ListDiffScenarios", dependencies: ["ListDiff"]),
        .executableTarget(
            name: "listdiff-bench",
            dependencies: [
                "ListDiff", "ListDiffJSON", "ListDiffWire", "ListDiffHTTP", "ListDiffScenarios", "ListDiffClient",
                "ListDiffService", "CLibCrypto", "CListDiffEpoll"
            ]),
        // What every test target may use: run sizes and seeds from the environment, and the
        // trait that gives a blocking test threads of its own.
        .target(name: "ListDiffTestRun", path: "Tests/ListDiffTestRun"),
        .testTarget(name: "ListDiffTests", dependencies: ["ListDiff", "ListDiffScenarios", "ListDiffTestRun"]),
        .testTarget(
            name: "ListDiffJSONTests", dependencies: ["ListDiffJSON", "ListDiffScenarios", "ListDiffTestRun"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "ListDiffWireTests",
            dependencies: [
                "ListDiff", "ListDiffJSON", "ListDiffWire", "ListDiffScenarios", "ListDiffTestSupport",
                "ListDiffTestRun"
            ]),
        // epoll/eventfd/accept4 (kqueue and a pipe on Darwin) behind one small C interface.
        .target(name: "CListDiffEpoll"),
        // Threads fed by one FIFO queue: the transport's workers and the store's call threads. Foundation only.
        .target(name: "ListDiffThreads"),
        // The HTTP/1.1 transport: event loops, parser, responses, router. Knows nothing of diffs; its problem bodies
        // are written by ListDiffJSON's one problem writer.
        .target(name: "ListDiffHTTP", dependencies: ["CListDiffEpoll", "ListDiffJSON", "ListDiffThreads"]),
        // The snapshot store: the SnapshotStore interface (versions, conditional writes, changes
        // since a version, waits, typed StoreErrors) and the in-memory store. Knows no HTTP.
        .target(name: "ListDiffStore", dependencies: ["ListDiff", "ListDiffJSON", "ListDiffWire", "ListDiffThreads"]),
        // The store conformance suite, run against the memory store and Redis/Valkey servers, and
        // the in-memory store's own tests (heap figures read through the transport's allocator hooks).
        .testTarget(
            name: "ListDiffStoreTests",
            dependencies: [
                "ListDiffStore", "ListDiffJSON", "ListDiffWire", "ListDiff", "ListDiffScenarios", "ListDiffHTTP",
                "ListDiffRedis",
                "ListDiffTestSupport", "ListDiffTestRun"
            ]),
        // Snapshots in Redis or Valkey: a RESP2 client written here (reply parser, blocking
        // connections with timeouts, a pool with backoff, pipelined connections one polling
        // thread reads) and the RedisSnapshotStore over it.
        .target(
            name: "ListDiffRedis",
            dependencies: ["ListDiff", "ListDiffJSON", "ListDiffWire", "ListDiffStore", "CListDiffEpoll"]
        ),
        .testTarget(
            name: "ListDiffRedisTests",
            dependencies: [
                "ListDiffRedis", "ListDiffStore", "ListDiffScenarios", "ListDiffTestSupport", "ListDiffTestRun"
            ]),
        // The service: routes and handlers, API keys and tokens, problem mapping, metrics. Joins the
        // wire, the store and the transport.
        .target(
            name: "ListDiffService",
            dependencies: ["ListDiff", "ListDiffJSON", "ListDiffWire", "ListDiffHTTP", "ListDiffStore", "CLibCrypto"]
        ),
        // The system's libcrypto (OpenSSL 3): HMAC-SHA256 and Ed25519 for the service's tokens.
        // A system library, not a package; only the service's targets use it (the client does not).
        .systemLibrary(
            name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        // The playground page and listdiff.js (Page/: plain HTML, CSS and JavaScript modules),
        // embedded in the binary by a build plugin and served at /playground. Knows only the transport.
        .target(
            name: "ListDiffPlayground", dependencies: ["ListDiffHTTP"], exclude: ["Page"],
            plugins: ["EmbedPlaygroundFiles"]),
        .plugin(
            name: "EmbedPlaygroundFiles", capability: .buildTool(), dependencies: ["listdiff-embed"],
            path: "Sources/EmbedPlaygroundFiles"),
        .executableTarget(name: "listdiff-embed"),
        // The server's wiring: its flags and settings, its routes, and the assembly of the service, the store the
        // settings name, the router and the HTTP server; listdiff-server runs it, the service's and client's tests too.
        .target(
            name: "ListDiffServer",
            dependencies: ["ListDiffHTTP", "ListDiffJSON", "ListDiffService", "ListDiffRedis", "ListDiffPlayground"]),
        .executableTarget(name: "listdiff-server", dependencies: ["ListDiffHTTP", "ListDiffServer"]),
        // The Swift client: typed async calls over URLSession (FoundationNetworking on Linux),
        // the SnapshotMirror, view update plans, and Apple-only apply helpers behind canImport.
        .target(name: "ListDiffClient", dependencies: ["ListDiff", "ListDiffJSON", "ListDiffWire"]),
        // Mirrors a snapshot while another task writes to it (docs/client.md's example).
        .executableTarget(
            name: "listdiff-client-example", dependencies: ["ListDiffClient", "ListDiffJSON", "ListDiffWire"]),
        // A raw-socket HTTP client for the server tests (its event streams read by the client's parser); real Redis and
        // Valkey servers and a wait's answers for the store's; seeded snapshots whose changes take several stages, for the
        // wire's and the service's property tests.
        .target(
            name: "ListDiffTestSupport",
            dependencies: ["ListDiffRedis", "ListDiffStore", "ListDiffScenarios", "ListDiffClient"],
            path: "Tests/ListDiffTestSupport"),
        .testTarget(
            name: "ListDiffHTTPTests",
            dependencies: [
                "ListDiffHTTP", "ListDiffTestSupport", "ListDiffScenarios", "ListDiffTestRun", "ListDiffThreads"
            ]),
        .testTarget(
            name: "ListDiffClientTests",
            dependencies: [
                "ListDiffClient", "ListDiffService", "ListDiffServer", "ListDiffStore", "ListDiffRedis", "ListDiffHTTP",
                "ListDiffJSON", "ListDiffWire", "ListDiff", "ListDiffScenarios", "ListDiffTestSupport",
                "ListDiffTestRun"
            ]),
        .testTarget(
            name: "ListDiffPlaygroundTests",
            dependencies: ["ListDiffPlayground", "ListDiffHTTP", "ListDiffTestSupport", "ListDiffTestRun"]
        ),
        .testTarget(
            name: "ListDiffServiceTests",
            dependencies: [
                "ListDiffService", "ListDiffServer", "ListDiffStore", "ListDiffRedis", "ListDiffHTTP", "ListDiffJSON",
                "ListDiffWire", "ListDiff", "ListDiffScenarios", "ListDiffTestSupport", "CLibCrypto", "ListDiffTestRun"
            ])
    ],
    swiftLanguageModes: [.v6]
)
