/// The conditions of segments and keys, each value a parameter.
extension SQLKeysetPlanner {
  /// `key op (values)`: the key's column compared with one value, or a row value of its
  /// columns with a row of values, where the key has several. `op` is an SQL comparison
  /// operator: `=`, `<`, `<=`, `>` or `>=`.
  ///
  /// ```swift
  /// let after = planner.keyComparison(">", ["17"])  // "\"people\".\"id\" > ?", ["17"]
  /// ```
  @inlinable
  public func keyComparison(_ op: String, _ key: [Value]) -> SQLFragment<Value> {
    comparison(self.key, keySQL, op, key)
  }

  /// The records after `position` going forward in the view's order (back when not
  /// `forward`), as one condition in parentheses: the segments' conditions ORed together.
  ///
  /// It serves statements that read across the segments, such as a scan in the key's order;
  /// pages read the segments one by one, which an index can serve.
  public func beyond(_ position: SQLKeysetPosition<Value>, forward: Bool) -> SQLFragment<Value> {
    let parts = segments(from: position, forward: forward).map {
      SQLFragment.joined(conditions(of: $0, through: nil), separator: " AND ")
    }
    guard parts.count > 1 else { return SQLFragment("(") + parts[0] + SQLFragment(")") }
    let ored = SQLFragment.joined(
      parts.map { SQLFragment("(") + $0 + SQLFragment(")") }, separator: " OR ")
    return SQLFragment("(") + ored + SQLFragment(")")
  }

  /// The conditions of `segment`, through `bound` (included) where given: which part of the
  /// records, and where it starts and ends.
  @inlinable
  func conditions(
    of segment: SQLKeysetSegment<Value>, through bound: SQLKeysetPosition<Value>?
  ) -> [SQLFragment<Value>] {
    var conditions: [SQLFragment<Value>] = []
    if let sort, let sortSQL {
      switch segment.part {
      case .all:
        break
      case .nulls:
        conditions.append(SQLFragment(sortSQL + " IS NULL"))
      case .values:
        conditions.append(SQLFragment(sortSQL + " IS NOT NULL"))
      case .ties:
        if let value = segment.after?.sortValue {
          conditions.append(comparison([sort], [sortSQL], "=", [value]))
        }
      }
    }
    if let after = segment.after {
      conditions.append(start(of: segment, after: after))
    }
    if let bound {
      let op = segment.ascending ? "<=" : ">="
      conditions.append(orderComparison(segment, op, bound, rowValue: true))
    }
    return conditions
  }

  /// Where `segment` starts, after `position`: beyond the position's sorted value alone in a
  /// segment of values on a dialect that reads ties apart, else after the whole position.
  @inlinable
  func start(of segment: SQLKeysetSegment<Value>, after position: SQLKeysetPosition<Value>)
    -> SQLFragment<Value>
  {
    orderComparison(
      segment, segment.ascending ? ">" : "<", position, rowValue: !dialect.readsTiesApart)
  }

  /// `segment`'s order compared with `position`: the key's alone in a segment in the key's
  /// order; else the sorted column with the key as a row value when `rowValue`, the sorted
  /// column alone when not.
  @inlinable
  func orderComparison(
    _ segment: SQLKeysetSegment<Value>, _ op: String, _ position: SQLKeysetPosition<Value>,
    rowValue: Bool
  ) -> SQLFragment<Value> {
    guard segment.isOrderedBySort, let sort, let sortSQL, let value = position.sortValue else {
      return keyComparison(op, position.key)
    }
    guard rowValue else { return comparison([sort], [sortSQL], op, [value]) }
    return comparison([sort] + key, [sortSQL] + keySQL, op, [value] + position.key)
  }

  /// `terms op values`, each value a parameter read as its column's type; a row value when
  /// there are several terms.
  @inlinable
  func comparison(
    _ columns: [SQLKeysetColumn], _ terms: [String], _ op: String, _ values: [Value]
  ) -> SQLFragment<Value> {
    precondition(!terms.isEmpty, "a keyset compares a key of at least one column")
    let row = terms.count != 1
    var fragment = SQLFragment<Value>(
      row ? "(" + terms.joined(separator: ", ") + ") " + op + " (" : terms[0] + " " + op + " ")
    for (index, (column, value)) in zip(columns, values).enumerated() {
      if index > 0 { fragment.append(", ") }
      fragment.append(parameter: .value(value), type: column.type)
    }
    if row { fragment.append(")") }
    return fragment
  }
}
