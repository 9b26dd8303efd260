/// A measured row, remembered so that an unchanged row is not measured again; a class, so that
/// the caches hold a word per row rather than the whole row, whose buckets would otherwise
/// make them several megabytes.
///
/// Within a version of the table it is found by position; across versions by the row's key,
/// and then trusted only when the row built anew is equal to it, which also keeps rows that
/// share an id by mistake apart.
final class MeasuredRow: Sendable {
  /// The row as measured.
  let row: Row
  /// Its lines without its separator, which depends on where it is.
  let height: Int

  /// The measurement of `row`: `height` lines, its separator not counted.
  init(row: Row, height: Int) {
    self.row = row
    self.height = height
  }
}
