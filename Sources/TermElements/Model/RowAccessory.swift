/// A mark at the right edge of a row, UITableViewCell's `accessoryType`: where choosing the
/// row leads, or that it is chosen.
///
/// The mark takes the last column inside the row's margins, with a blank before it, and the
/// element is laid out in what is left.
///
/// ```swift
/// let settings = Row(ElementOfLabel(props: "Settings"), accessory: .disclosureIndicator)
/// let english = Row(ElementOfLabel(props: "English"), accessory: .checkmark)
/// ```
public enum RowAccessory: Equatable, Sendable {
  /// No mark.
  case none
  /// `›` (`>` in ASCII): choosing the row shows more.
  case disclosureIndicator
  /// `✓` (`x` in ASCII): the row is the one chosen.
  case checkmark

  /// The columns the mark takes, with the blank before it.
  var columns: Int { self == .none ? 0 : 2 }

  /// The mark's character in `glyphs`, if there is one.
  func mark(in glyphs: GlyphSet) -> Character? {
    switch self {
    case .none: nil
    case .disclosureIndicator: glyphs.disclosureIndicator
    case .checkmark: glyphs.checkmark
    }
  }
}
