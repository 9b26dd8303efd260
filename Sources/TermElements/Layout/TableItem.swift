internal import FoundationEssentials

/// One thing in a table's scrolling content: the table header, a section header or footer, or
/// a row.
enum TableItem: Hashable, Sendable {
  /// The table header view.
  case tableHeader
  /// The header of a section.
  case sectionHeader(Int)
  /// A row.
  case row(IndexPath)
  /// The footer of a section.
  case sectionFooter(Int)

  /// The section the item belongs to, if any.
  var section: Int? {
    switch self {
    case .tableHeader: nil
    case .sectionHeader(let section), .sectionFooter(let section): section
    case .row(let indexPath): indexPath.section
    }
  }
}
