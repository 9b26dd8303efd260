/// Which keys do what on a screen: each key bound to a ``KeyCommand``, in the order the `?`
/// help screen lists them.
///
/// Every screen starts with ``standard``; add to it or rebind keys:
///
/// ```swift
/// screen.keyMap.bind(.character("r"), to: KeyCommand("Refresh") { $0.reloadData() })
/// screen.keyMap.unbind(.character("q"))
/// ```
public struct KeyMap: Sendable {
  /// Keys and the command they run, in the order they were bound.
  package struct Binding: Sendable {
    /// The keys, the first being the one the help screen names first.
    package var keys: [Key]
    /// What they do.
    package var command: KeyCommand
  }

  /// The bindings, in order.
  package private(set) var bindings: [Binding] = []

  /// An empty key map.
  public init() {}

  /// The arrows, vi keys and paging keys, Enter, Esc and ← for back, `?` for help, r to retry
  /// and q to quit.
  public static let standard: KeyMap = {
    var map = KeyMap()
    map.bind(.down, .character("j"), to: .moveDown)
    map.bind(.up, .character("k"), to: .moveUp)
    map.bind(.pageDown, .character(" "), .character("f"), .control("f"), to: .pageDown)
    map.bind(.pageUp, .character("b"), .control("b"), to: .pageUp)
    map.bind(.home, .character("g"), to: .top)
    map.bind(.end, .character("G"), to: .bottom)
    map.bind(.enter, to: .choose)
    map.bind(.escape, .left, to: .back)
    map.bind(.character("r"), to: .retry)
    map.bind(.character("?"), to: .help)
    map.bind(.character("q"), .control("c"), to: .quit)
    return map
  }()

  /// The command `key` runs, if any.
  package subscript(key: Key) -> KeyCommand? {
    bindings.first { $0.keys.contains(key) }?.command
  }

  /// Binds `keys` to `command`, taking them from whatever they were bound to before.
  public mutating func bind(_ keys: Key..., to command: KeyCommand) {
    bind(keys, to: command)
  }

  /// Binds `keys` to `command`, taking them from whatever they were bound to before.
  package mutating func bind(_ keys: [Key], to command: KeyCommand) {
    for key in keys { unbind(key) }
    guard !keys.isEmpty else { return }
    bindings.append(Binding(keys: keys, command: command))
  }

  /// Makes `key` do nothing.
  public mutating func unbind(_ key: Key) {
    for index in bindings.indices { bindings[index].keys.removeAll { $0 == key } }
    bindings.removeAll { $0.keys.isEmpty }
  }
}
