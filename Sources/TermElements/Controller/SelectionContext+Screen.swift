extension TableModelController: RowChooser {}

extension SelectionContext {
  /// The screen the row was chosen on.
  public var screen: TableModelController {
    // Only a controller chooses rows, and it passes itself.
    chooser as! TableModelController
  }

  /// The context of a row at `indexPath` chosen on `screen`.
  init(screen: TableModelController, indexPath: IndexPath) {
    self.init(chooser: screen, indexPath: indexPath)
  }
}
