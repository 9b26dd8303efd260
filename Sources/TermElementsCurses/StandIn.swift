import TermElements

/// What the copy to ncurses draws instead of a character the terminal must not be sent: a `?`
/// with reverse video switched, so that it stands out from the text around it.
///
/// This is the last line of defence. Text that elements write is already made printable, but a
/// `Screen` can hold any character (through `Cell(_:width:style:)` or `Glyph`), and a control
/// character sent raw would move the cursor, ring the bell or start an escape sequence.
enum StandIn {
  /// The stand-in's character, as the byte ncurses is given.
  static let byte: UInt8 = 0x3F

  /// The stand-in's style: the cell's own, with reverse video switched.
  static func style(for style: Style) -> Style {
    var shown = style
    shown.attributes.formSymmetricDifference(.reverse)
    return shown
  }

  /// Whether every scalar of `character` may be sent to the terminal.
  static func isSendable(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy(isSendable)
  }

  /// Whether `scalar` may be sent to the terminal: not a C0 control, DEL or a C1 control
  /// (U+0080–U+009F), which terminals act on; not a line or paragraph separator; and not a
  /// bidirectional control, which reorders the text around it on terminals that support it.
  static func isSendable(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator, .surrogate:
      return false
    default:
      return !properties.isBidiControl
    }
  }
}
