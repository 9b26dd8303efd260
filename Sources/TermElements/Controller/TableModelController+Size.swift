/// The room the screen was last drawn in, for screens whose keys depend on it.
extension TableModelController {
  /// The size of the area of the screen's last frame, status line included: the terminal's
  /// width, and its height less the title line of a ``NavigationStack``; 80×24 before the
  /// first frame.
  ///
  /// A key that scrolls sideways by what fits on a line, say, reads the width here.
  package var frameSize: Size { state.size }
}
