/// Something that happened at the terminal, for a controller to apply.
///
/// ```swift
/// controller.handle(.key(.down))
/// controller.handle(.mouse(MouseEvent(kind: .click, at: Point(x: 4, y: 7))))
/// ```
public enum InputEvent: Equatable, Sendable {
  /// A key was pressed.
  case key(Key)
  /// The mouse was clicked or its wheel turned.
  case mouse(MouseEvent)
  /// The terminal changed size.
  case resize(Size)
  /// Time passed: animations move on a frame.
  case tick
}

/// A key, as the front end decodes it.
public enum Key: Hashable, Sendable {
  /// A printable character, such as `j` or `é`.
  case character(Character)
  /// A character typed with Control held, such as `.control("c")` for Ctrl-C.
  case control(Character)
  /// The arrow up.
  case up
  /// The arrow down.
  case down
  /// The arrow left.
  case left
  /// The arrow right.
  case right
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Enter or Return.
  case enter
  /// Escape.
  case escape
  /// Backspace.
  case backspace
  /// Delete, forward.
  case delete
  /// Tab.
  case tab
}

/// A mouse action at a cell.
public struct MouseEvent: Equatable, Sendable {
  /// What the mouse did.
  public enum Kind: Equatable, Sendable {
    /// The main button was clicked.
    case click
    /// The wheel turned up.
    case wheelUp
    /// The wheel turned down.
    case wheelDown
  }

  /// What the mouse did.
  public var kind: Kind
  /// Where, in screen cells.
  public var point: Point

  /// Makes a mouse event.
  public init(kind: Kind, at point: Point) {
    self.kind = kind
    self.point = point
  }
}

/// Where `scrollToRow(at:position:)` puts the row.
public enum ScrollPosition: Equatable, Sendable {
  /// As little movement as makes the row fully visible.
  case none
  /// At the top, just below any pinned header.
  case top
  /// In the middle of the screen.
  case middle
  /// At the bottom.
  case bottom
}
