import DataBrowserCore
import Foundation
import GRDB
import TermElementsRecords

extension Fixture {
  /// A database for record queries, with NULLs and duplicates in every column but the key:
  ///
  /// - `people`: INTEGER PRIMARY KEY with gaps; `name` TEXT COLLATE NOCASE (unindexed) with
  ///   names differing only in case and names holding `%`, `_` and `\`; `city` indexed, a
  ///   quarter NULL; `score` REAL, unindexed; `n` of mixed types; `note` sometimes 2,000
  ///   characters long with a word at character 1,500; `data` sometimes a BLOB.
  /// - `pairs`: WITHOUT ROWID, keyed on (a, b), `tag` indexed, a third NULL.
  /// - `words`: no key but the hidden rowid; `word` and `n` of any type.
  func records(count: Int = 240) throws -> String {
    try database("records.sqlite") { db in
      try db.execute(
        sql: """
          CREATE TABLE people (
            id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE, city TEXT, score REAL, n,
            note TEXT, data BLOB);
          CREATE INDEX people_city ON people(city);
          CREATE TABLE pairs (
            a TEXT NOT NULL, b INTEGER NOT NULL, tag TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
          CREATE INDEX pairs_tag ON pairs(tag);
          CREATE TABLE words (word TEXT, n);
          """)
      let names = [
        "ada", "Ada", "ADA", "bob", "Łukasz", "zoë", "50% off", "a_b", #"back\slash"#, "Zürich fan",
      ]
      let cities = ["Paris", "Lyon", "Oslo", nil]
      for id in 1...count {
        let name: String? = id % 11 == 0 ? nil : names[id % names.count]
        let score: Double? = id % 6 == 0 ? nil : Double(id % 9) / 2
        let n: DatabaseValue =
          switch id % 5 {
          case 0: .null
          case 1: "text \(id % 3)".databaseValue
          case 2: 2.5.databaseValue
          default: (id % 4).databaseValue
          }
        let note: String? =
          switch id % 13 {
          case 0:
            String(repeating: "x", count: 1_500) + "needle" + String(repeating: "y", count: 494)
          case 1: "plain note \(id)"
          default: nil
          }
        let data: Data? = id % 17 == 0 ? Data((0..<300).map { UInt8($0 % 256) }) : nil
        try db.execute(
          sql: "INSERT INTO people VALUES (?, ?, ?, ?, ?, ?, ?)",
          arguments: [id, name, cities[id % cities.count], score, n, note, data])
      }
      try db.execute(sql: "DELETE FROM people WHERE id % 7 = 3")
      for a in ["x", "Y", "z"] {
        for b in 1...30 {
          let tag: String? = b % 3 == 0 ? nil : "t\(b % 4)"
          try db.execute(sql: "INSERT INTO pairs VALUES (?, ?, ?)", arguments: [a, b, tag])
        }
      }
      let mixed: [DatabaseValue] = [
        .null, 1.databaseValue, 1.5.databaseValue, "one".databaseValue, Data([1, 2]).databaseValue,
        "One".databaseValue, 0.databaseValue,
      ]
      for index in 0..<60 {
        let word: String? = index % 8 == 0 ? nil : ["apple", "Apple", "pear", "fig"][index % 4]
        try db.execute(
          sql: "INSERT INTO words VALUES (?, ?)", arguments: [word, mixed[index % mixed.count]])
      }
    }
  }
}

/// The positions of every record of `query` in its order, read with one plain `ORDER BY`, to
/// check the pages against.
func referencePositions(_ db: Database, _ query: RecordQuery) throws -> [SQLPosition] {
  try referenceRows(db, query).map(\.position)
}

/// Every record of `query` in its order, with its values in full and its position, read with
/// one plain `ORDER BY`.
func referenceRows(_ db: Database, _ query: RecordQuery) throws -> [(
  values: [CellValue], position: SQLPosition
)] {
  let keys = query.schema.keyColumns.map(\.quotedDatabaseIdentifier)
  let sort = query.sortColumn.map(\.quotedDatabaseIdentifier)
  let direction = query.order.descending ? " DESC" : ""
  let columns = query.schema.columns.map(\.quotedDatabaseIdentifier)
  var sql =
    "SELECT " + (columns + [sort ?? "NULL"] + keys).joined(separator: ", ") + " FROM "
    + query.schema.name.quotedDatabaseIdentifier
  if let filter = query.filter { sql += " WHERE (\(filter))" }
  sql +=
    " ORDER BY " + ([sort].compactMap { $0 } + keys).map { $0 + direction }.joined(separator: ", ")
  return try Row.fetchAll(db, sql: sql).map { row in
    let count = columns.count
    let values = (0..<count).map { CellValue(row[$0] as DatabaseValue) }
    let key = (0..<keys.count).map { row[count + 1 + $0] as DatabaseValue }
    return (
      values,
      SQLPosition(sortValue: sort == nil ? nil : row[count] as DatabaseValue, key: key)
    )
  }
}

/// The orders worth checking on `schema`: the key's, and each column's, both ways.
func allOrders(_ schema: TableSchema) -> [SQLOrder] {
  ([nil] + schema.columns).flatMap { column in
    [SQLOrder(column: column), SQLOrder(column: column, descending: true)]
  }
}

/// A filter that keeps part of each fixture table.
func someFilter(_ table: String) -> String {
  switch table {
  case "people": "id % 3 <> 1 OR city IS NULL"
  case "pairs": "b > 4 AND a <> 'z'"
  default: "rowid % 2 = 0 OR word IS NULL"
  }
}

/// The bytes of the file at `path`.
func bytes(_ path: String) throws -> Data {
  try Data(contentsOf: URL(fileURLWithPath: path))
}
