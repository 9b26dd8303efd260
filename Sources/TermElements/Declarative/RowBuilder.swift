/// Makes one row from an element or a string, so that a `ForEach` closure can be a bare label.
@resultBuilder
public enum RowBuilder {
  /// A row as it is.
  public static func buildExpression(_ row: Row) -> Row { row }

  /// A row around an element.
  public static func buildExpression(_ element: some ElementRepresentable) -> Row {
    Row(element)
  }

  /// A row showing a string in a label.
  public static func buildExpression(_ text: String) -> Row { Row(ElementOfLabel(props: text)) }

  /// The row.
  public static func buildBlock(_ row: Row) -> Row { row }
}

/// Lists rows the way SwiftUI lists views: rows, elements and strings one per line, `if` and
/// `else`, `for`-`in`, optionals, and ``ForEach``.
///
/// ```swift
/// let showDone = true
/// let section = Section(header: "Today") {
///   "Buy milk"
///   Row(ElementOfLabel(props: "Call Ada"), id: "call")
///   if showDone { "Done: water the plants" }
///   for hour in 9...11 { "\(hour):00 free" }
/// }
/// ```
@resultBuilder
public enum RowsBuilder {
  /// A row.
  public static func buildExpression(_ row: Row) -> [Row] { [row] }

  /// Rows.
  public static func buildExpression(_ rows: [Row]) -> [Row] { rows }

  /// An optional row: none when `nil`.
  public static func buildExpression(_ row: Row?) -> [Row] { row.map { [$0] } ?? [] }

  /// A row around an element.
  public static func buildExpression(_ element: some ElementRepresentable) -> [Row] {
    [Row(element)]
  }

  /// A row showing a string in a label.
  public static func buildExpression(_ text: String) -> [Row] { [Row(ElementOfLabel(props: text))] }

  /// The rows of a `ForEach`, with their items' ids.
  public static func buildExpression<Data, ID>(_ each: ForEach<Data, ID>) -> [Row] { each.rows }

  /// The rows of each line, in order.
  public static func buildBlock(_ parts: [Row]...) -> [Row] { parts.flatMap { $0 } }

  /// The rows of an `if` that holds, or none.
  public static func buildOptional(_ rows: [Row]?) -> [Row] { rows ?? [] }

  /// The rows of the first branch.
  public static func buildEither(first rows: [Row]) -> [Row] { rows }

  /// The rows of the second branch.
  public static func buildEither(second rows: [Row]) -> [Row] { rows }

  /// The rows of each pass of a `for`-`in`.
  public static func buildArray(_ parts: [[Row]]) -> [Row] { parts.flatMap { $0 } }

  /// The rows of an `if #available` block.
  public static func buildLimitedAvailability(_ rows: [Row]) -> [Row] { rows }
}

/// Lists sections: sections one per line, `if` and `else`, `for`-`in` and optionals.
///
/// ```swift
/// let table = Table(header: "Groceries") {
///   Section(header: "Fruit", footer: "2 kinds") {
///     "Apple"
///     "Pear"
///   }
///   Section(header: "Bread") { "Rye" }
/// }
/// ```
@resultBuilder
public enum SectionsBuilder {
  /// A section.
  public static func buildExpression(_ section: Section) -> [Section] { [section] }

  /// Sections.
  public static func buildExpression(_ sections: [Section]) -> [Section] { sections }

  /// An optional section: none when `nil`.
  public static func buildExpression(_ section: Section?) -> [Section] {
    section.map { [$0] } ?? []
  }

  /// The sections of each line, in order.
  public static func buildBlock(_ parts: [Section]...) -> [Section] { parts.flatMap { $0 } }

  /// The sections of an `if` that holds, or none.
  public static func buildOptional(_ sections: [Section]?) -> [Section] { sections ?? [] }

  /// The sections of the first branch.
  public static func buildEither(first sections: [Section]) -> [Section] { sections }

  /// The sections of the second branch.
  public static func buildEither(second sections: [Section]) -> [Section] { sections }

  /// The sections of each pass of a `for`-`in`.
  public static func buildArray(_ parts: [[Section]]) -> [Section] { parts.flatMap { $0 } }

  /// The sections of an `if #available` block.
  public static func buildLimitedAvailability(_ sections: [Section]) -> [Section] { sections }
}
