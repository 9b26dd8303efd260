/// The `?` screen: every key of the screen it was opened from, with what it does.
final class HelpScreen: TableModelController {
  /// Lists the keys of `screen`.
  init(for screen: TableModelController) {
    let bindings = screen.keyMap.bindings
    let keyWidth = bindings.map { DisplayText.width(of: Self.names(of: $0.keys)) }.max() ?? 0
    let rows = bindings.map { binding in
      let names = Self.names(of: binding.keys)
      let padding = String(repeating: " ", count: max(0, keyWidth - DisplayText.width(of: names)))
      return Row(
        HorizontalStack(
          spacing: 2,
          ElementOfLabel(props: names + padding).styles {
            $0.style = Style(attributes: .bold)
            $0.numberOfLines = 1
          },
          ElementOfLabel(props: binding.command.description)),
        id: RowID(names), separatorStyle: .none)
    }
    super.init(title: "Keys", table: Table(rows: rows))
    status = { "Esc or ← goes back" }
    keyMap.unbind(.character("?"))
  }

  /// The names of `keys`, such as `↓ j`.
  static func names(of keys: [Key]) -> String {
    keys.map(\.name).joined(separator: " ")
  }
}
