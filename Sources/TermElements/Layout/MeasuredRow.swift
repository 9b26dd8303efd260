/// A measured row, remembered so that an unchanged row is not measured again; a class, so that
/// the caches hold a word per row rather than the whole row, whose buckets would otherwise
/// make them several megabytes.
final class MeasuredRow: Sendable {
  /// The row as measured.
  let row: Row
  /// Its lines without its separator, which depends on where it is.
  let height: Int
  /// Where it was measured: elsewhere, the row is built and compared before its height is
  /// trusted, which also keeps rows that share an id by mistake apart.
  let position: Int
  /// The version of the table it was measured in: after a change, the row is built and
  /// compared again before its height is trusted.
  let version: Int

  /// The measurement of `row`: `height` lines at `position` in table version `version`.
  init(row: Row, height: Int, position: Int, version: Int) {
    self.row = row
    self.height = height
    self.position = position
    self.version = version
  }
}
