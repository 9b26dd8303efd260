// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "TermElements",
  products: [
    .library(name: "TermElements", targets: ["TermElements"]),
    .library(name: "TermElementsCurses", targets: ["TermElementsCurses"]),
    .executable(name: "list-demo", targets: ["ListDemo"]),
    .executable(name: "data-browser", targets: ["DataBrowser"]),
    .executable(name: "user-list", targets: ["UserList"]),
    .executable(name: "todo", targets: ["Todo"]),
    .executable(name: "termelements-bench", targets: ["TermElementsBench"]),
    .executable(name: "data-browser-bench", targets: ["DataBrowserBench"]),
    .executable(name: "table-change-bench", targets: ["TableChangeBench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CNcursesw",
      path: "Sources/CNcursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .target(name: "TermElements"),
    .target(
      name: "TermElementsCurses",
      dependencies: ["TermElements", "CNcursesw"]
    ),
    .executableTarget(
      name: "ListDemo",
      dependencies: [
        "TermElements",
        "TermElementsCurses",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Examples/ListDemo"
    ),
    .executableTarget(
      name: "UserList",
      dependencies: [
        "TermElements",
        "TermElementsCurses",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Examples/UserList"
    ),
    .executableTarget(
      name: "Todo",
      dependencies: [
        "TermElements",
        "TermElementsCurses",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Examples/Todo"
    ),
    .target(
      name: "DataBrowserCore",
      dependencies: ["TermElements", .product(name: "GRDB", package: "GRDB.swift")],
      path: "Examples/DataBrowser/Core"
    ),
    .executableTarget(
      name: "DataBrowser",
      dependencies: [
        "DataBrowserCore",
        "TermElements",
        "TermElementsCurses",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Examples/DataBrowser/App"
    ),
    .executableTarget(
      name: "DataBrowserBench",
      dependencies: [
        "DataBrowserCore", "TermElements", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Benchmarks/DataBrowserBench"
    ),
    .executableTarget(
      name: "TermElementsBench",
      dependencies: ["TermElements", "TermElementsCurses"],
      path: "Benchmarks/TermElementsBench"
    ),
    .executableTarget(
      name: "TableChangeBench",
      dependencies: ["TermElements"],
      path: "Benchmarks/TableChangeBench"
    ),
    .testTarget(name: "TermElementsTests", dependencies: ["TermElements"]),
    .testTarget(
      name: "DataBrowserTests",
      dependencies: [
        "DataBrowserCore", "TermElements", .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "TermElementsCursesTests",
      dependencies: ["TermElementsCurses"]
    ),
    // End-to-end tests: they run the built example executables in tmux, and compare the
    // widths TermElements computes with what the terminal draws.
    .testTarget(name: "ExampleTests", dependencies: ["TermElements"]),
  ],
  swiftLanguageModes: [.v6]
)
