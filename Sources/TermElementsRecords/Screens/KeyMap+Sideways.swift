import TermElements

extension KeyMap {
  /// This map with → and l bound to `right` and ← and h to `left`, taken from whatever they
  /// were bound to, and listed in the help screen after ↑ (at the end when nothing is bound
  /// to ↑): the column keys of the records and the detail screens.
  func bindingSideways(right: KeyCommand, left: KeyCommand) -> KeyMap {
    let rightKeys: [Key] = [.right, .character("l")]
    let leftKeys: [Key] = [.left, .character("h")]
    var map = KeyMap()
    for binding in bindings {
      map.bind(
        binding.keys.filter { !rightKeys.contains($0) && !leftKeys.contains($0) },
        to: binding.command)
      if binding.keys.contains(.up) {
        map.bind(rightKeys, to: right)
        map.bind(leftKeys, to: left)
      }
    }
    if map[.right] == nil {
      map.bind(rightKeys, to: right)
      map.bind(leftKeys, to: left)
    }
    return map
  }
}
