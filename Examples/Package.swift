// swift-tools-version: 6.0
import PackageDescription

// The examples of TermElements, a package of their own so that the library's package has no
// dependencies: GRDB and swift-argument-parser are fetched only here, and libpq (PostgreSQL's C
// client) is linked from the system. `make run`, `make test` and `make bench` at the top of the
// repository build it with `--package-path Examples`.
let package = Package(
  name: "TermElementsExamples",
  products: [
    .executable(name: "list-demo", targets: ["ListDemo"]),
    .executable(name: "data-browser", targets: ["DataBrowser"]),
    .executable(name: "user-list", targets: ["UserList"]),
    .executable(name: "todo", targets: ["Todo"]),
    .executable(name: "sign-in", targets: ["SignIn"]),
    .executable(name: "data-browser-bench", targets: ["DataBrowserBench"]),
  ],
  dependencies: [
    .package(name: "TermElements", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "ListDemo",
      dependencies: [
        .product(name: "TermElements", package: "TermElements"),
        .product(name: "TermElementsCurses", package: "TermElements"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "ListDemo"
    ),
    .executableTarget(
      name: "UserList",
      dependencies: [
        .product(name: "TermElements", package: "TermElements"),
        .product(name: "TermElementsCurses", package: "TermElements"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "UserList"
    ),
    .executableTarget(
      name: "Todo",
      dependencies: [
        .product(name: "TermElements", package: "TermElements"),
        .product(name: "TermElementsCurses", package: "TermElements"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Todo"
    ),
    .executableTarget(
      name: "SignIn",
      dependencies: [
        .product(name: "TermElements", package: "TermElements"),
        .product(name: "TermElementsCurses", package: "TermElements"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "SignIn"
    ),
    .target(
      name: "DataBrowserCore",
      dependencies: [
        .product(name: "TermElements", package: "TermElements"),
        .product(name: "TermElementsRecords", package: "TermElements"),
        .product(name: "TermElementsRecordsSQL", package: "TermElements"),
        .product(name: "GRDB", package: "GRDB.swift"),
        // SQLite's C interface, for the search's SQL function.
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      path: "DataBrowser/Core"
    ),
    // libpq, PostgreSQL's own C client (Debian: libpq-dev), found with pkg-config.
    .systemLibrary(
      name: "CLibpq",
      path: "DataBrowser/CLibpq",
      pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"])]
    ),
    // PostgreSQL behind the records screens' source protocol, through libpq.
    .target(
      name: "DataBrowserPostgres",
      dependencies: [
        "CLibpq",
        .product(name: "TermElementsRecords", package: "TermElements"),
        .product(name: "TermElementsRecordsSQL", package: "TermElements"),
      ],
      path: "DataBrowser/Postgres",
      // Its async functions run on their caller's executor unless marked `@concurrent`: a
      // read hops only to its connection's thread and back, not through the global pool too.
      swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
    ),
    .executableTarget(
      name: "DataBrowser",
      dependencies: [
        "DataBrowserCore",
        "DataBrowserPostgres",
        .product(name: "TermElements", package: "TermElements"),
        .product(name: "TermElementsCurses", package: "TermElements"),
        .product(name: "TermElementsRecords", package: "TermElements"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "DataBrowser/App"
    ),
    .executableTarget(
      name: "DataBrowserBench",
      dependencies: [
        "DataBrowserCore",
        "DataBrowserPostgres",
        "ExamplesTestSupport",
        .product(name: "TermElements", package: "TermElements"),
        .product(name: "TermElementsRecords", package: "TermElements"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Benchmarks/DataBrowserBench"
    ),
    // What the examples' tests and benchmark share: the example executables and how to run a
    // child process, and the throwaway PostgreSQL server. No example depends on it.
    .target(
      name: "ExamplesTestSupport",
      path: "Tests/ExamplesTestSupport"
    ),
    .testTarget(
      name: "DataBrowserTests",
      dependencies: [
        "DataBrowserCore",
        .product(name: "TermElements", package: "TermElements"),
        .product(name: "TermElementsRecords", package: "TermElements"),
        .product(name: "TermElementsRecordsTesting", package: "TermElements"),
        .product(name: "TermElementsTestSupport", package: "TermElements"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // The PostgreSQL source against a throwaway server of the tests' own.
    .testTarget(
      name: "PostgresBrowserTests",
      dependencies: [
        "CLibpq",
        "DataBrowserPostgres",
        "ExamplesTestSupport",
        .product(name: "TermElements", package: "TermElements"),
        .product(name: "TermElementsRecords", package: "TermElements"),
        .product(name: "TermElementsRecordsTesting", package: "TermElements"),
        .product(name: "TermElementsTestSupport", package: "TermElements"),
      ]
    ),
    // End-to-end tests: they run the built example executables in tmux, and compare the
    // widths TermElements computes with what the terminal draws.
    .testTarget(
      name: "ExampleTests",
      dependencies: [
        "ExamplesTestSupport", .product(name: "TermElements", package: "TermElements"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
