import Foundation
import Testing

// Every Swift example in a doc comment is compiled in a test: the examples of a module's doc
// comments must appear, line for line, in that module's `DocExampleTests.swift`, the way the
// README's appear in `ReadmeExampleTests.swift`.

/// A ```` ```swift ```` block of a `///` doc comment.
struct DocExample {
  /// The file, relative to the package.
  var file: String
  /// The line of the opening fence, from 1.
  var line: Int
  /// The lines between the fences, without the `///` and the one space after it.
  var lines: [String]
  /// Whether the block was closed before its doc comment ended.
  var isClosed: Bool
}

/// Where the doc examples of some sources are compiled.
struct DocExampleHome {
  /// A folder of sources, relative to the package.
  var sources: String
  /// The test files that compile their examples, relative to the package; `nil` when no test
  /// target can compile them, so that they must have none.
  var tests: [String]?
  /// The fewest examples the folder is known to hold, so that a scanner that stops finding
  /// them fails.
  var minimumCount: Int
  /// Folders inside `sources`, relative to the package, that are not scanned.
  var skipping: [String] = []
}

/// The package's root folder.
private let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The folders of sources with doc comments, and the test files their examples are compiled in.
/// A file is scanned in the first folder that holds it.
private let docExampleHomes = [
  DocExampleHome(
    sources: "Sources/TermElements",
    tests: [
      "Tests/TermElementsTests/DocExampleTests.swift",
      "Tests/TermElementsTests/DocExampleLiveDataTests.swift",
      "Tests/TermElementsTests/DocExampleLoadingTests.swift",
      "Tests/TermElementsTests/DocExampleStateTests.swift",
    ], minimumCount: 97),
  DocExampleHome(
    sources: "Sources/TermElementsCurses",
    tests: ["Tests/TermElementsCursesTests/DocExampleTests.swift"], minimumCount: 2),
  DocExampleHome(
    sources: "Sources/TermElementsRecords",
    tests: ["Tests/TermElementsRecordsTests/DocExampleTests.swift"], minimumCount: 19),
  DocExampleHome(
    sources: "Sources/TermElementsRecordsSQL",
    tests: ["Tests/TermElementsRecordsSQLTests/DocExampleTests.swift"], minimumCount: 22),
  DocExampleHome(
    sources: "Sources/TermElementsRecordsTesting",
    tests: ["Tests/TermElementsRecordsTests/DocExampleCaseTests.swift"], minimumCount: 4),
  DocExampleHome(
    sources: "Examples/DataBrowser/Core",
    tests: ["Examples/Tests/DataBrowserTests/DocExampleTests.swift"], minimumCount: 2),
  DocExampleHome(
    sources: "Examples/DataBrowser/Postgres",
    tests: ["Examples/Tests/PostgresBrowserTests/DocExampleTests.swift"], minimumCount: 9),
  // The executables' sources: no test target imports them. The examples package's tests are
  // left out, as the library's `Tests` are.
  DocExampleHome(sources: "Examples", tests: nil, minimumCount: 0, skipping: ["Examples/Tests"]),
]

/// The Swift files under `folder` (relative to the package), relative to the package, sorted,
/// outside the folders `skipped` and hidden ones such as the examples package's `.build`.
func swiftFiles(under folder: String, skipping skipped: [String] = []) -> [String] {
  let root = packageRoot.appendingPathComponent(folder)
  guard let walk = FileManager.default.enumerator(atPath: root.path) else { return [] }
  var files: [String] = []
  while let path = walk.nextObject() as? String {
    let file = folder + "/" + path
    if path.split(separator: "/").last?.hasPrefix(".") == true || skipped.contains(file) {
      walk.skipDescendants()
    } else if file.hasSuffix(".swift") {
      files.append(file)
    }
  }
  return files.sorted()
}

/// The Swift examples of the doc comments of `text`, the contents of `file`.
///
/// A block opens with a ```` ```swift ```` or a bare ```` ``` ```` fence on a `///` line and
/// closes with a ```` ``` ```` one; blocks in another language are not examples.
func docExamples(in text: String, file: String) -> [DocExample] {
  var examples: [DocExample] = []
  var open: DocExample?
  var otherLanguage = false
  for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
    .enumerated()
  {
    let trimmed = line.drop { $0 == " " }
    guard trimmed.hasPrefix("///") else {
      // The doc comment ended: a block still open was never closed.
      if let unclosed = open { examples.append(unclosed) }
      open = nil
      otherLanguage = false
      continue
    }
    var content = trimmed.dropFirst(3)
    if content.hasPrefix(" ") { content = content.dropFirst() }
    let fence = content.trimmingCharacters(in: .whitespaces)
    if var example = open {
      if fence == "```" {
        example.isClosed = true
        examples.append(example)
        open = nil
      } else {
        example.lines.append(String(content))
        open = example
      }
    } else if otherLanguage {
      if fence == "```" { otherLanguage = false }
    } else if fence == "```swift" || fence == "```" {
      open = DocExample(file: file, line: number + 1, lines: [], isClosed: false)
    } else if fence.hasPrefix("```") {
      otherLanguage = true
    }
  }
  if let unclosed = open { examples.append(unclosed) }
  return examples
}

/// The lines of an example a test must hold: those with code, comments left out.
func codeLines(of example: DocExample) -> [String] {
  example.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    .filter { !$0.isEmpty && !$0.hasPrefix("//") }
}

@Suite("Doc comment examples are compiled")
struct DocExampleCoverageTests {
  @Test("The scanner finds blocks, reads their lines and skips other languages")
  func scanner() {
    let text = """
      /// Text.
      ///
      /// ```swift
      /// let a = 1  // one
      ///
      /// // A comment.
      ///   a + 1
      /// ```
      ///
      /// ```sh
      /// make test
      /// ```
      struct S {
        /// ```
        /// S()
        /// ```
        init() {}
        /// ```swift
        /// never closed
        func f() {}
      }
      """
    let examples = docExamples(in: text, file: "S.swift")
    #expect(examples.map(\.line) == [3, 14, 18])
    #expect(examples.map(\.isClosed) == [true, true, false])
    #expect(examples.first?.lines == ["let a = 1  // one", "", "// A comment.", "  a + 1"])
    #expect(examples.first.map(codeLines) == ["let a = 1  // one", "a + 1"])
  }

  @Test("Every line of code of every doc comment example is in its module's DocExampleTests")
  func examplesAreCompiled() throws {
    var scanned: Set<String> = []
    for home in docExampleHomes {
      let files = swiftFiles(under: home.sources, skipping: home.skipping).filter {
        scanned.insert($0).inserted
      }
      let examples = try files.flatMap { file in
        docExamples(
          in: try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8),
          file: file)
      }
      #expect(
        examples.count >= home.minimumCount,
        "\(home.sources): \(examples.count) doc examples found, \(home.minimumCount) expected")
      guard let tests = home.tests else {
        for example in examples {
          Issue.record(
            "\(example.file):\(example.line): no test target compiles the doc examples here")
        }
        continue
      }
      let compiled = Set(
        try tests.flatMap { test in
          try String(contentsOf: packageRoot.appendingPathComponent(test), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        })
      for example in examples {
        #expect(example.isClosed, "\(example.file):\(example.line): the example is never closed")
        let missing = codeLines(of: example).filter { !compiled.contains($0) }
        #expect(
          missing.isEmpty,
          "\(example.file):\(example.line): lines not compiled in \(tests.joined(separator: ", ")): \(missing)"
        )
      }
    }
  }
}
