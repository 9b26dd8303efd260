import TermElementsRecords

/// The SQL that reads one view (order and filter) of a relation paged by a key or a row
/// address: pages that go on from a position by keyset, in either direction, and the
/// counts, offsets and ranks around them.
///
/// The order of a view by a column is the column's then the key's, `NULL`s first going up (as
/// SQLite and the records module order them), so a descending view is exactly its reverse. A
/// page from a position may cross from the column's `NULL`s to its values: that is two
/// *segments*, each one index-friendly query, read one after the other.
///
/// ```swift
/// let view = RecordView(order: RecordOrder(column: 0, descending: true))
/// let query = PostgresViewQuery(table: people, view: view)
/// let first = query.segments(from: nil, upward: true).map { query.page($0, limit: 50) }
/// ```
public struct PostgresViewQuery: Sendable {
  /// The relation.
  public let table: PostgresTable
  /// The column ordered by, or `nil` for the key's order.
  public let sortColumn: Int?
  /// Whether the view's order is the reverse of the ascending one.
  public let descending: Bool
  /// The user's `WHERE` expression, or `nil`.
  public let filter: String?

  /// Characters of text a page keeps of a value; the detail view reads it whole.
  public static let textLimit = 1_024

  /// The queries of `view` of `table`, whose paging is by key or address.
  public init(table: PostgresTable, view: RecordView) {
    self.table = table
    self.sortColumn = view.order.column
    self.descending = view.order.descending
    self.filter = view.filter
  }

  // MARK: - Segments

  /// Which records of the view a segment reads, as for the sorted column's `NULL`s.
  public enum Part: Hashable, Sendable {
    /// Every record: no sorted column, or one that cannot be `NULL`.
    case all
    /// The records whose sorted column has a value.
    case values
    /// The records whose sorted column is `NULL`, in the key's order.
    case nulls
  }

  /// Records of one part, read going up the ascending order or down it, after a position.
  public struct Segment: Hashable, Sendable {
    /// Which records.
    public var part: Part
    /// Whether it reads up the ascending order.
    public var upward: Bool
    /// The position it starts after, or `nil` from the part's end.
    public var after: RecordPosition?
  }

  /// The segments that read on from `position` going up the ascending order (or down it),
  /// in the order they are read: going up, the `NULL`s in the key's order, then the values.
  public func segments(from position: RecordPosition?, upward: Bool) -> [Segment] {
    guard let column = sortColumn, !table.columns[column].isNotNull else {
      return [Segment(part: .all, upward: upward, after: position)]
    }
    let isNull = position.map { ($0.sortValue ?? .null).isNull }
    switch (upward, isNull) {
    case (true, nil):
      return [Segment(part: .nulls, upward: true), Segment(part: .values, upward: true)]
    case (true, true?):
      return [
        Segment(part: .nulls, upward: true, after: position), Segment(part: .values, upward: true),
      ]
    case (true, false?):
      return [Segment(part: .values, upward: true, after: position)]
    case (false, nil):
      return [Segment(part: .values, upward: false), Segment(part: .nulls, upward: false)]
    case (false, true?):
      return [Segment(part: .nulls, upward: false, after: position)]
    case (false, false?):
      return [
        Segment(part: .values, upward: false, after: position),
        Segment(part: .nulls, upward: false),
      ]
    }
  }

  /// Whether the view's next records lie up the ascending order.
  public func isUpward(forward: Bool) -> Bool { forward != descending }

  // MARK: - Statements

  /// At most `limit` records of `segment`, in its order, cut to a page's size.
  public func page(_ segment: Segment, limit: Int, through bound: RecordPosition? = nil)
    -> PostgresStatement
  {
    var statement = PostgresStatement("SELECT " + selectList + " FROM " + table.sqlName)
    appendConditions(of: segment, through: bound, to: &statement)
    statement.append(" ORDER BY " + orderBy(segment) + " LIMIT \(limit)")
    return statement
  }

  /// The position of the record `offset` records into `segment`, as key and sort text.
  public func position(in segment: Segment, offset: Int) -> PostgresStatement {
    var statement = PostgresStatement(
      "SELECT " + (keyTexts + sortTexts).joined(separator: ", ") + " FROM " + table.sqlName)
    appendConditions(of: segment, through: nil, to: &statement)
    statement.append(" ORDER BY " + orderBy(segment) + " OFFSET \(offset) LIMIT 1")
    return statement
  }

  /// The position of the record `offset` records into the view.
  public func position(atOffset offset: Int) -> PostgresStatement {
    var statement = PostgresStatement(
      "SELECT " + (keyTexts + sortTexts).joined(separator: ", ") + " FROM " + table.sqlName)
    appendFilter(to: &statement, first: true)
    let order = (sortColumn.map { [sortExpression($0)] } ?? []) + keyExpressions.map(\.sql)
    let direction = descending ? " DESC NULLS LAST" : " ASC NULLS FIRST"
    statement.append(
      " ORDER BY " + order.map { $0 + direction }.joined(separator: ", ")
        + " OFFSET \(offset) LIMIT 1")
    return statement
  }

  /// At most `limit` records of `segment` through `bound` that may contain `text`, with the
  /// whole text of each searched column after the page's values: the server keeps the
  /// records that contain the text's longest run of ASCII characters, whatever their case
  /// (those with a character outside ASCII, when it has none), and the caller checks them by
  /// ``TermElementsRecords/SearchText``'s rule.
  ///
  /// `nil` when no column is searched.
  public func search(
    _ text: SearchText, in segment: Segment, through bound: RecordPosition?, limit: Int
  ) -> PostgresStatement? {
    let searched = searchedColumns.map { table.columns[$0].text(of: qualifiedColumn($0)) }
    guard !searched.isEmpty else { return nil }
    var statement = PostgresStatement(
      "SELECT " + selectList + ", " + searched.joined(separator: ", ") + " FROM "
        + table.sqlName)
    appendConditions(of: segment, through: bound, to: &statement)
    statement.append(" AND (")
    let run = Self.longestASCIIRun(text.text)
    for (index, column) in searched.enumerated() {
      if index > 0 { statement.append(" OR ") }
      if run.isEmpty {
        statement.append(column + " ~ '[^[:ascii:]]'")
      } else {
        statement.append(column + " ILIKE ")
        statement.append(parameter: "%" + Self.likeEscaped(run) + "%", type: "text")
      }
    }
    statement.append(") ORDER BY " + orderBy(segment) + " LIMIT \(limit)")
    return statement
  }

  /// The columns a search looks at: not floating-point numbers, truth values or bytes.
  public var searchedColumns: [Int] {
    table.columns.indices.filter { table.columns[$0].kind.isSearched }
  }

  /// Whether a row of ``search(_:in:through:limit:)`` holds `text`, by its searched columns'
  /// whole texts.
  public func matches(_ text: SearchText, row: [String?]) -> Bool {
    for (offset, column) in searchedColumns.enumerated() {
      guard let whole = row[pageRowWidth + offset] else { continue }
      if text.matches(table.columns[column].value(fromText: whole)) { return true }
    }
    return false
  }

  /// The longest run of ASCII characters in `text`, the first of the longest.
  static func longestASCIIRun(_ text: String) -> String {
    var best = ""
    var current = ""
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        current.unicodeScalars.append(scalar)
        if current.unicodeScalars.count > best.unicodeScalars.count { best = current }
      } else {
        current = ""
      }
    }
    return best
  }

  /// `text` with `LIKE`'s wildcards and escape character escaped.
  static func likeEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// How many records the view holds.
  public func count() -> PostgresStatement {
    var statement = PostgresStatement("SELECT count(*)::text FROM " + table.sqlName)
    appendFilter(to: &statement, first: true)
    return statement
  }

  /// How many records of the view come before `position` in its order.
  public func rank(of position: RecordPosition) -> PostgresStatement {
    var statement = PostgresStatement("SELECT count(*)::text FROM " + table.sqlName)
    appendFilter(to: &statement, first: true)
    let before = segments(from: position, upward: !isUpward(forward: true))
    statement.append(filter == nil ? " WHERE (" : " AND (")
    for (index, segment) in before.enumerated() {
      statement.append(index == 0 ? "(" : " OR (")
      appendSegmentConditions(of: segment, through: nil, to: &statement)
      statement.append(")")
    }
    statement.append(")")
    return statement
  }

  /// The sorted column's whole text of the record with `key`, if the view holds it.
  public func sortText(ofKey key: RecordKey) -> PostgresStatement {
    var statement = PostgresStatement(
      "SELECT " + (sortTexts.isEmpty ? ["1"] : sortTexts).joined(separator: ", ") + " FROM "
        + table.sqlName + " WHERE ")
    appendKeyEquals(key, to: &statement)
    appendFilter(to: &statement, first: false)
    return statement
  }

  /// Every value of the record with `key`, whole: text forms, and `bytea` as its bytes.
  public func wholeRecord(key: RecordKey) -> PostgresStatement {
    var statement = PostgresStatement(
      "SELECT " + wholeSelectList + " FROM " + table.sqlName + " WHERE ")
    appendKeyEquals(key, to: &statement)
    return statement
  }

  /// A statement the server plans but does not run, to check `filter` against the relation.
  public func checking(filter: String) -> PostgresStatement {
    PostgresStatement("EXPLAIN SELECT 1 FROM \(table.sqlName) WHERE (\(filter))")
  }

  // MARK: - Rows

  /// How many values a page's row holds: the columns, the key's texts, the sort's text.
  public var pageRowWidth: Int { table.columns.count + keyTexts.count + sortTexts.count }

  /// The record of a page's row of texts.
  public func record(_ texts: [String?]) -> PageRecord {
    let columns = table.columns
    var values: [CellValue] = []
    values.reserveCapacity(columns.count)
    for (index, column) in columns.enumerated() {
      values.append(Self.pageValue(texts[index], kind: column.kind))
    }
    let position = self.position(texts[columns.count...])
    return PageRecord(values: values, key: position.key, sortValue: position.sortValue)
  }

  /// The position of key texts followed by the sort's text.
  public func position(_ texts: ArraySlice<String?>) -> RecordPosition {
    let keyKinds = keyExpressions.map(\.kind)
    let start = texts.startIndex
    let key = keyKinds.enumerated().map { offset, kind in
      Self.keyValue(texts[start + offset], kind: kind)
    }
    let sort = sortColumn.map { column in
      Self.keyValue(texts[start + keyKinds.count], kind: table.columns[column].kind)
    }
    return RecordPosition(sortValue: sort, key: RecordKey(key))
  }

  /// A page's value of a column's text: a `bytea` as its size and first bytes, from
  /// `size:hex`.
  static func pageValue(_ text: String?, kind: PostgresValueKind) -> CellValue {
    guard let text else { return .null }
    guard kind == .bytes else { return kind.value(fromText: text) }
    let (size, hex) = PostgresSettings.split(text[...], at: ":")
    return .blob(size: Int(size) ?? 0, prefix: Self.bytes(ofHex: hex ?? ""))
  }

  /// The value of a key's or sort's text: exact, so that it can be sent back as it came;
  /// `bytea` stays its `\x…` text.
  static func keyValue(_ text: String?, kind: PostgresValueKind) -> CellValue {
    guard let text else { return .null }
    return kind == .bytes ? .text(text) : kind.value(fromText: text)
  }

  /// The bytes of hexadecimal digits.
  static func bytes(ofHex hex: Substring) -> [UInt8] {
    var bytes: [UInt8] = []
    var digits = hex.utf8.makeIterator()
    while let high = digits.next(), let low = digits.next() {
      guard let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else {
        break
      }
      bytes.append(value)
    }
    return bytes
  }

  /// The text a value is sent back to the server as, read by its column's type.
  public static func parameterText(_ value: CellValue) -> String? {
    switch value {
    case .null: nil
    case .integer(let number): String(number)
    case .decimal(let digits): digits
    case .real(let number): "\(number)"
    case .boolean(let truth): truth ? "true" : "false"
    case .text(let text), .json(let text): text
    case .date(let text), .time(let text), .timestamp(let text): text
    case .blob(_, let bytes):
      "\\x" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
  }

  // MARK: - SQL pieces

  /// A key's part: its SQL, the SQL of its text, the type to read parameters as, and how its
  /// text reads.
  struct KeyExpression {
    var sql: String
    var text: String
    var type: String
    var kind: PostgresValueKind = .text
  }

  /// The key's parts.
  var keyExpressions: [KeyExpression] {
    switch table.paging {
    case .key(let indexes):
      indexes.map { index in
        let column = table.columns[index]
        return KeyExpression(
          sql: qualifiedColumn(index), text: column.text(of: qualifiedColumn(index)),
          type: column.typeName, kind: column.kind)
      }
    case .rowAddress:
      [KeyExpression(sql: qualified("ctid"), text: qualified("ctid") + "::text", type: "tid")]
    case .partitionRowAddress:
      [
        KeyExpression(
          sql: qualified("tableoid"), text: qualified("tableoid") + "::text", type: "oid",
          kind: .integer),
        KeyExpression(sql: qualified("ctid"), text: qualified("ctid") + "::text", type: "tid"),
      ]
    case .offset: []
    }
  }

  /// The key's texts, as the select list reads them.
  var keyTexts: [String] { keyExpressions.map(\.text) }

  /// The sorted column's whole text, when the view is sorted.
  var sortTexts: [String] {
    sortColumn.map { [table.columns[$0].text(of: sortExpression($0))] } ?? []
  }

  /// The SQL of column `index`, by which the view is sorted.
  func sortExpression(_ index: Int) -> String { qualifiedColumn(index) }

  /// Column `index` of the relation, qualified.
  func qualifiedColumn(_ index: Int) -> String {
    qualified(PostgresTable.quoted(table.columns[index].name))
  }

  /// The select list of whole values: `bytea` as its bytes, the rest as text.
  public var wholeSelectList: String {
    table.columns.indices.map { index in
      let column = table.columns[index]
      return column.kind == .bytes
        ? qualifiedColumn(index) : column.text(of: qualifiedColumn(index))
    }.joined(separator: ", ")
  }

  /// `column` of the relation, named with the relation's name: in `ORDER BY`, a bare name
  /// would be the select list's text of the column, which orders as text.
  func qualified(_ column: String) -> String { table.sqlName + "." + column }

  /// The select list of a page: each column as a page keeps it, then the key's and sort's
  /// whole texts.
  var selectList: String {
    let values = table.columns.indices.map { index in
      let (column, name) = (table.columns[index], qualifiedColumn(index))
      switch column.kind {
      case .bytes:
        return "octet_length(\(name))::text || ':' || encode(substring(\(name) from 1 for "
          + "\(CellValue.blobPrefixLength)), 'hex')"
      case .text, .json: return "left(\(column.text(of: name)), \(Self.textLimit))"
      default: return column.text(of: name)
      }
    }
    return (values + keyTexts + sortTexts).joined(separator: ", ")
  }

  /// The `ORDER BY` list of `segment`.
  func orderBy(_ segment: Segment) -> String {
    let direction = segment.upward ? " ASC" : " DESC"
    var items = keyExpressions.map(\.sql)
    if let column = sortColumn, segment.part != .nulls {
      items.insert(sortExpression(column), at: 0)
    }
    return items.map { $0 + direction }.joined(separator: ", ")
  }

  /// `WHERE`, the filter and the conditions of `segment`, through `bound` inclusive when
  /// given.
  func appendConditions(
    of segment: Segment, through bound: RecordPosition?, to statement: inout PostgresStatement
  ) {
    statement.append(" WHERE ")
    if let filter { statement.append("(" + filter + ") AND ") }
    appendSegmentConditions(of: segment, through: bound, to: &statement)
  }

  /// The conditions of `segment` alone, joined by `AND`; `true` when it has none.
  func appendSegmentConditions(
    of segment: Segment, through bound: RecordPosition?, to statement: inout PostgresStatement
  ) {
    var conditions = 0
    func and() {
      if conditions > 0 { statement.append(" AND ") }
      conditions += 1
    }
    if let column = sortColumn, segment.part != .all {
      and()
      let isNull = segment.part == .nulls ? " IS NULL" : " IS NOT NULL"
      statement.append(sortExpression(column) + isNull)
    }
    if let after = segment.after {
      and()
      appendComparison(segment, with: after, operator: segment.upward ? ">" : "<", to: &statement)
    }
    if let bound {
      and()
      appendComparison(segment, with: bound, operator: segment.upward ? "<=" : ">=", to: &statement)
    }
    if conditions == 0 { statement.append("true") }
  }

  /// A row comparison of `segment`'s order with `position`: `(sort, key…) > (…)`.
  func appendComparison(
    _ segment: Segment, with position: RecordPosition, operator op: String,
    to statement: inout PostgresStatement
  ) {
    var left = keyExpressions.map(\.sql)
    var right: [(String?, String)] = zip(keyExpressions, position.key.values).map { part, value in
      (Self.parameterText(value), part.type)
    }
    if let column = sortColumn, segment.part != .nulls {
      left.insert(sortExpression(column), at: 0)
      right.insert(
        (position.sortValue.flatMap(Self.parameterText), table.columns[column].typeName), at: 0)
    }
    statement.append("(" + left.joined(separator: ", ") + ") \(op) (")
    for (index, (text, type)) in right.enumerated() {
      if index > 0 { statement.append(", ") }
      statement.append(parameter: text, type: type)
    }
    statement.append(")")
  }

  /// `(key…) = (…)` for `key`.
  func appendKeyEquals(_ key: RecordKey, to statement: inout PostgresStatement) {
    statement.append("(" + keyExpressions.map(\.sql).joined(separator: ", ") + ") = (")
    for (index, (part, value)) in zip(keyExpressions, key.values).enumerated() {
      if index > 0 { statement.append(", ") }
      statement.append(parameter: Self.parameterText(value), type: part.type)
    }
    statement.append(")")
  }

  /// ` WHERE (filter)` when `first`, ` AND (filter)` otherwise; nothing without a filter.
  func appendFilter(to statement: inout PostgresStatement, first: Bool) {
    guard let filter else { return }
    statement.append((first ? " WHERE (" : " AND (") + filter + ")")
  }
}

extension String {
  /// The string with `0`s before it up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
