extension Row {
  /// A row with a text field bound to the `String` property `keyPath` of `model`: the field
  /// shows the property, each edit writes it back, and the row's id comes from the key path
  /// (such as `\Account.email`), unless `id` says otherwise: the same for the same property
  /// while the program runs, and apart for each property.
  ///
  /// Built inside a screen's closure from an `@Observable` model, the table is built again
  /// with each edit, and the edit and its cursor stay where they are. Give `id` when two
  /// objects of one type are bound to the same property in one table.
  ///
  /// ```swift
  /// @MainActor
  /// @Observable
  /// final class Account {
  ///   var email = ""
  ///   var password = ""
  /// }
  /// let account = Account()
  /// let signIn = TableModelController(title: "Sign in") {
  ///   Table {
  ///     Section {
  ///       Row(field: \.email, of: account, placeholder: "email")
  ///       Row(field: \.password, of: account, placeholder: "password", isSecure: true)
  ///     }
  ///   }
  /// }
  /// ```
  @MainActor
  public init<Model: AnyObject>(
    field keyPath: ReferenceWritableKeyPath<Model, String>, of model: Model,
    placeholder: String? = nil, isSecure: Bool = false, id: RowID? = nil,
    onCommit: TextAction? = nil
  ) {
    // The row is built on the main actor and its action runs there: the model and the key
    // path (to a main-actor property, typically, which no key path can be sent across) are
    // only ever touched there.
    nonisolated(unsafe) let model = model
    nonisolated(unsafe) let keyPath = keyPath
    let props = TextFieldProps(
      text: model[keyPath: keyPath], placeholder: placeholder, isSecure: isSecure,
      onChange: TextAction { model[keyPath: keyPath] = $0 }, onCommit: onCommit)
    self.init(ElementOfTextField(props: props), id: id ?? RowID(String(describing: keyPath)))
  }
}
