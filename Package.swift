// swift-tools-version: 6.0
import PackageDescription

// The library, its tests and its benchmarks, with no package dependencies: an app that depends
// on TermElements fetches nothing else. The examples, which use GRDB and swift-argument-parser,
// are a package of their own in Examples/.
let package = Package(
  name: "TermElements",
  products: [
    .library(name: "TermElements", targets: ["TermElements"]),
    .library(name: "TermElementsCurses", targets: ["TermElementsCurses"]),
    .library(name: "TermElementsRecords", targets: ["TermElementsRecords"]),
    .library(name: "TermElementsRecordsTesting", targets: ["TermElementsRecordsTesting"]),
    .library(name: "TermElementsRecordsSQL", targets: ["TermElementsRecordsSQL"]),
    // For tests only (this package's and the examples package's): no library depends on it.
    .library(name: "TermElementsTestSupport", targets: ["TermElementsTestSupport"]),
    .executable(name: "termelements-bench", targets: ["TermElementsBench"]),
    .executable(name: "table-change-bench", targets: ["TableChangeBench"]),
    .executable(name: "records-column-bench", targets: ["RecordsColumnBench"]),
    .executable(name: "csv-bench", targets: ["CSVBench"]),
  ],
  targets: [
    .systemLibrary(
      name: "CNcursesw",
      path: "Sources/CNcursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .target(name: "TermElements"),
    .target(name: "TermElementsRecords", dependencies: ["TermElements"]),
    // SQL for records sources over databases: filters read and written back by the browser.
    .target(name: "TermElementsRecordsSQL"),
    .target(
      name: "TermElementsRecordsTesting",
      dependencies: ["TermElementsRecords", "TermElements"]
    ),
    // What the tests share: the seeded generator, the environment reader, the fuzz driver and
    // the screen checks. Test targets (here and in Examples/) depend on it; no library does.
    .target(
      name: "TermElementsTestSupport",
      dependencies: ["TermElements"],
      path: "Tests/TermElementsTestSupport"
    ),
    .target(
      name: "TermElementsCurses",
      dependencies: ["TermElements", "CNcursesw"]
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
    .executableTarget(
      name: "RecordsColumnBench",
      dependencies: ["TermElementsRecords", "TermElements"],
      path: "Benchmarks/RecordsColumnBench"
    ),
    .executableTarget(
      name: "CSVBench",
      dependencies: ["TermElementsRecords"],
      path: "Benchmarks/CSVBench"
    ),
    .testTarget(
      name: "TermElementsTests", dependencies: ["TermElements", "TermElementsTestSupport"]),
    .testTarget(
      name: "TermElementsRecordsTests",
      dependencies: [
        "TermElementsRecords", "TermElementsRecordsTesting", "TermElementsCurses",
        "TermElementsTestSupport",
      ]
    ),
    .testTarget(name: "TermElementsRecordsSQLTests", dependencies: ["TermElementsRecordsSQL"]),
    .testTarget(
      name: "TermElementsCursesTests",
      dependencies: ["TermElementsCurses"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
