/// Empty space: it needs no lines of its own and takes whatever room a stack has left.
///
/// ```swift
/// HorizontalStack(ElementOfLabel(props: "Name"), FlexibleSpace(), ElementOfLabel(props: "42"))
/// ```
public enum EmptyView: ElementView {
  /// Nothing configures empty space.
  public typealias Props = Int

  /// No lines.
  public static func height(of props: Int, styles: Style, width: Int) -> Int { 0 }

  /// Draws nothing: the container's background shows through.
  public static func draw(_ props: Int, styles: Style, in canvas: inout Canvas) {}
}
