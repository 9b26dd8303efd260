/// Looks for a ``SearchText`` in the values of a record as they stream past a chunk at a time
/// (``CSVFieldStream/observe``), by the text's own rule, without ever holding a whole value.
///
/// Each value is decoded a segment at a time, cut where a character starts, and each segment
/// is searched with the last scalars of the one before it (one fewer than the text has), so
/// that a match across two segments is found too. The fields past the last column are one
/// value, joined by the delimiter, as the source shapes them. Only the values of the columns
/// searched are decoded.
struct CSVFieldSearch {
  /// Bytes decoded and searched at a time.
  static let segmentSize = 64 << 10

  /// The text.
  let text: SearchText
  /// The columns of the file: the fields from the last on are one value.
  let columns: Int
  /// The field delimiter, which joins the fields past the last column.
  let delimiter: UInt8
  /// Whether a value contains the text.
  private(set) var found = false
  /// Bytes of the value not yet searched.
  private var pending: [UInt8] = []
  /// The last scalars searched of the value, which a match may start in.
  private var overlap: [Unicode.Scalar] = []
  /// Whether the last field ended past the last column, so that another one joins it.
  private var joins = false
  /// The columns searched, or `nil` for all of them.
  let searched: Set<Int>?

  /// Searches the values of a file of `columns` columns for `text`: all of them, or those in
  /// the columns `searched`.
  init(_ text: SearchText, columns: Int, delimiter: UInt8, searched: Set<Int>? = nil) {
    self.text = text
    self.columns = columns
    self.delimiter = delimiter
    self.searched = searched
  }

  /// Takes the next run of field `field`'s value, or its end when `run` is `nil`.
  mutating func feed(_ field: Int, _ run: UnsafeBufferPointer<UInt8>?) {
    guard !found, columns > 0 else { return }
    if let searched, !searched.contains(min(field, columns - 1)) { return }
    if joins {
      joins = false
      pending.append(delimiter)
    }
    guard let run else {
      search(all: true)
      if field >= columns - 1 {
        joins = true
      } else {
        overlap = []
      }
      return
    }
    pending.append(contentsOf: run)
    if pending.count >= Self.segmentSize { search(all: false) }
  }

  /// Searches the pending bytes: all of them, or up to where the last character starts.
  private mutating func search(all: Bool) {
    let end = all ? pending.count : CSVValue.complete(pending).count
    guard end > 0 else { return }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: overlap)
    scalars.append(contentsOf: String(decoding: pending[..<end], as: UTF8.self).unicodeScalars)
    if text.matches(String(scalars)) { found = true }
    overlap = Array(scalars.suffix(max(0, text.folded.count - 1)))
    pending.removeFirst(end)
  }
}
