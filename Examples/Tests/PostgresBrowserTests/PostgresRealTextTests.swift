import DataBrowserPostgres
import TermElementsRecords
import Testing

/// Floating-point numbers read from the server's text: the plain decimals read without the C
/// library must be the very doubles Swift's own reading gives.
@Suite("PostgreSQL floating-point text")
struct PostgresRealTextTests {
  /// The value `text` reads as for a `float8` column, as Swift's `Double(_:)` reads it.
  static func expected(_ text: String) -> CellValue {
    Double(text).map(CellValue.real) ?? .text(text)
  }

  @Test(
    "Texts the server writes read as Swift reads them",
    arguments: [
      "0", "-0", "1", "23.046", "-2079.81", "0.1", "0.30000000000000004", "1e+30", "-1.5e-07",
      "123456789012345.6", "9007199254740991", "9007199254740993", "0.0000000000000000000001",
      "0.00000000000000000000001", "1.7976931348623157e+308", "5e-324", "NaN", "Infinity",
      "-Infinity", ".5", "-.5", "5.", "-", ".", "", "1.2.3", "+1", "12a", "00012.500",
    ])
  func readsAsSwift(_ text: String) {
    let value = PostgresValueKind.real.value(fromText: text)
    if case .real(let read) = value, case .real(let expected) = Self.expected(text) {
      #expect(read.bitPattern == expected.bitPattern, "\(text)")
    } else {
      #expect(value == Self.expected(text), "\(text)")
    }
  }

  @Test("Random decimals of up to 17 digits read as Swift reads them")
  func randomDecimals() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let digits = String(Int.random(in: 0...Int.max, using: &generator)).prefix(
        Int.random(in: 1...17, using: &generator))
      let point = Int.random(in: 0...digits.count, using: &generator)
      let sign = Bool.random(using: &generator) ? "-" : ""
      let text = sign + digits.prefix(point) + "." + digits.dropFirst(point)
      guard case .real(let read) = PostgresValueKind.real.value(fromText: text),
        let expected = Double(text)
      else {
        Issue.record("\(text) did not read as a number")
        continue
      }
      #expect(read.bitPattern == expected.bitPattern, "\(text)")
    }
  }
}
