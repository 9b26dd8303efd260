/// A piece of SQL and the values in it, whose placeholders are numbered only when the whole
/// statement is made: a condition a driver adds to a planner's statement, such as a search's.
///
/// ```swift
/// var matching = SQLFragment<String>("\"people\".\"name\" ILIKE ")
/// matching.append(parameter: .value("%ada%"), type: "text")
/// let sql = matching.statement(in: .postgreSQL).sql
/// // "\"people\".\"name\" ILIKE CAST($1::text AS text)"
/// ```
public struct SQLFragment<Value: Hashable & Sendable>: Hashable, Sendable {
  /// SQL text or a parameter.
  @usableFromInline
  enum Piece: Hashable, Sendable {
    /// SQL, as it is written.
    case text(String)
    /// A placeholder, read as `type` where the dialect casts.
    case parameter(SQLParameter<Value>, type: String?)
  }

  /// The text and parameters, in order.
  @usableFromInline
  var pieces: [Piece] = []

  /// A fragment of `sql`, which holds no placeholder.
  @inlinable
  public init(_ sql: String = "") {
    append(sql)
  }

  /// Whether the fragment holds nothing.
  public var isEmpty: Bool { pieces.isEmpty }

  /// Appends `sql`, which holds no placeholder.
  @inlinable
  public mutating func append(_ sql: String) {
    guard !sql.isEmpty else { return }
    if case .text(var last)? = pieces.last {
      // Taken out of the array, the text is the only reference to its storage and grows in
      // place: a statement of many appends copies its text once, not once an append.
      pieces.removeLast()
      last += sql
      pieces.append(.text(last))
    } else {
      pieces.append(.text(sql))
    }
  }

  /// Appends a placeholder bound to `parameter`, read as `type` (an SQL type, such as
  /// `bigint`) where the dialect casts parameters (``SQLDialect/placeholder(_:type:)``).
  @inlinable
  public mutating func append(parameter: SQLParameter<Value>, type: String? = nil) {
    pieces.append(.parameter(parameter, type: type))
  }

  /// Appends `fragment`, its text and parameters.
  @inlinable
  public mutating func append(_ fragment: SQLFragment) {
    for piece in fragment.pieces {
      switch piece {
      case .text(let sql): append(sql)
      case .parameter(let parameter, let type): append(parameter: parameter, type: type)
      }
    }
  }

  /// `left` followed by `right`.
  @inlinable
  public static func + (left: SQLFragment, right: SQLFragment) -> SQLFragment {
    var joined = left
    joined.append(right)
    return joined
  }

  /// `fragments` one after the other, `separator` between each two.
  @inlinable
  static func joined(_ fragments: [SQLFragment], separator: String) -> SQLFragment {
    var joined = SQLFragment()
    for (index, fragment) in fragments.enumerated() {
      if index > 0 { joined.append(separator) }
      joined.append(fragment)
    }
    return joined
  }

  /// The fragment as a statement of `dialect`: its placeholders numbered from the first, each
  /// as the dialect writes it.
  @inlinable
  public func statement(in dialect: SQLDialect) -> SQLStatement<Value> {
    var statement = SQLStatement<Value>(sql: "")
    for piece in pieces {
      switch piece {
      case .text(let sql):
        statement.sql += sql
      case .parameter(let parameter, let type):
        statement.parameters.append(parameter)
        statement.sql += dialect.placeholder(statement.parameters.count, type: type)
      }
    }
    return statement
  }
}
