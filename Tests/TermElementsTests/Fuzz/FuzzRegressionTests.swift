import Testing

@testable import TermElements

/// What the controller fuzz found from other bases, each kept as its shrunk list of events.
@MainActor
@Suite("Fuzz regressions: the controller")
struct FuzzRegressionTests {
  /// FUZZ_BASE 30000000, seed 30002750: on a 1×12 screen the last row of a section and its
  /// loader's spinner were hidden under the section's two-line pinned header; the page that
  /// came put its rows below the header and pushed the rows seen there down by five lines.
  /// The first row seen below a pinned header now holds its line.
  @Test("A page that comes under a pinned header leaves the rows seen below it on their lines")
  func pageUnderAPinnedHeader() async {
    let failure = await FuzzTests.replay(
      seed: 30_002_750,
      events: [
        .input(.key(.character("g"))), .input(.key(.down)),
        .replaceTable(seed: 11_049_963_942_175_045_854), .answer(loader: 1, .failure),
        .input(.resize(Size(width: 1, height: 12))), .answer(loader: 0, .failure),
        .answer(loader: 2, .page(7)),
      ])
    #expect(failure == nil)
  }
}
