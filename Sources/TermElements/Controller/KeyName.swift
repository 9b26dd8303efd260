extension Key {
  /// How the help screen names the key, such as `↑`, `PgDn`, `Ctrl-C` or `Space`.
  ///
  /// ```swift
  /// Key.control("c").name  // "Ctrl-C"
  /// ```
  public var name: String {
    switch self {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .control(let character): "Ctrl-\(character.uppercased())"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .enter: "Enter"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .tab: "Tab"
    }
  }
}
