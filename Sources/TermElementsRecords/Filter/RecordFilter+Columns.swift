extension RecordFilter {
  /// The columns the filter compares or tests for NULL, each once, in increasing order: the
  /// only values of a record it reads, so that a source can read those alone.
  var columnsRead: [Int] { Array(Self.columns(of: condition)).sorted() }

  private static func columns(of condition: Condition) -> Set<Int> {
    switch condition {
    case .compare(let column, _, _, _), .isNull(let column):
      return [column]
    case .not(let inner):
      return columns(of: inner)
    case .and(let left, let right), .or(let left, let right):
      return columns(of: left).union(columns(of: right))
    }
  }
}
