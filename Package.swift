// swift-tools-version:6.0
// ListDiff: a list-diff service built on the Swift toolchain alone (no package dependencies).
import PackageDescription

let package = Package(
    name: "ListDiff",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ListDiff", targets: ["ListDiff"]),
        .library(name: "ListDiffHTTP", targets: ["ListDiffHTTP"]),
        .executable(name: "listdiff-server", targets: ["listdiff-server"]),
    ],
    targets: [
        // The engine: snapshots, the sectioned Heckel diff, changesets and the batch-update
        // simulator. Standard library only.
        .target(name: "ListDiff"),
        .testTarget(name: "ListDiffTests", dependencies: ["ListDiff"]),
        // epoll/eventfd/accept4 (kqueue and a pipe on Darwin) behind one small C interface.
        .target(name: "CListDiffEpoll"),
        // The HTTP/1.1 transport: event loops, parser, responses, router. Knows nothing of diffs.
        .target(name: "ListDiffHTTP", dependencies: ["CListDiffEpoll"]),
        .executableTarget(name: "listdiff-server", dependencies: ["ListDiffHTTP"]),
        .testTarget(name: "ListDiffHTTPTests", dependencies: ["ListDiffHTTP"]),
    ],
    swiftLanguageModes: [.v6]
)
