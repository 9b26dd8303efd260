extension SQLDialect {
  /// PostgreSQL's dialect: built-in functions that change nothing, each called as
  /// `pg_catalog.name` so that no function of the same name in another schema can be the one
  /// called, and casts to built-in types.
  ///
  /// ```swift
  /// let filter = try SQLFilter.parse(
  ///   "lower(city) = 'oslo'", columns: ["city"], dialect: .postgreSQL)
  /// let sql = filter.sql  // "pg_catalog.lower(\"city\") = E'oslo'"
  /// ```
  ///
  /// Functions: text (`lower`, `upper`, `initcap`, `length`, `char_length`,
  /// `character_length`, `octet_length`, `substr`, `substring`, `left`, `right`, `trim`,
  /// `btrim`, `ltrim`, `rtrim`, `lpad`, `rpad`, `replace`, `translate`, `reverse`, `repeat`,
  /// `strpos`, `position`, `split_part`, `starts_with`, `concat`, `concat_ws`, `format`,
  /// `md5`, `ascii`, `chr`, `regexp_replace`, `to_char`, `to_number`, `to_date`,
  /// `to_timestamp`), numbers (`abs`, `round`, `trunc`, `ceil`, `ceiling`, `floor`, `sign`,
  /// `mod`, `div`, `power`, `sqrt`, `exp`, `ln`, `log`), values (`coalesce`, `nullif`,
  /// `greatest`, `least`), dates and times (`now`, `date_trunc`, `date_part`, `age`,
  /// `make_date`, `make_time`, `make_timestamp`, `make_interval`, `isfinite`,
  /// `justify_days`, `justify_hours`, `justify_interval`), JSON (`json_typeof`,
  /// `jsonb_typeof`, `json_array_length`, `jsonb_array_length`), and `pg_sleep`, which
  /// changes nothing and which the read's statement timeout stops. Casts: the integer,
  /// floating-point, `numeric`, text, `boolean`, date and time, `interval`, `uuid`, `json`,
  /// `jsonb` and `bytea` types.
  public static let postgreSQL = SQLDialect(
    database: .postgreSQL,
    functions: postgreSQLFunctions,
    castTypes: [
      "smallint": "SMALLINT", "int2": "SMALLINT", "integer": "INTEGER", "int": "INTEGER",
      "int4": "INTEGER", "bigint": "BIGINT", "int8": "BIGINT", "real": "REAL", "float4": "REAL",
      "double precision": "DOUBLE PRECISION", "float8": "DOUBLE PRECISION", "float": "FLOAT",
      "numeric": "NUMERIC", "decimal": "DECIMAL", "text": "pg_catalog.text",
      "varchar": "VARCHAR", "character varying": "VARCHAR", "char": "CHAR", "character": "CHAR",
      "boolean": "BOOLEAN", "bool": "BOOLEAN", "date": "pg_catalog.date", "time": "TIME",
      "timestamp": "TIMESTAMP", "timestamp without time zone": "TIMESTAMP",
      "timestamptz": "TIMESTAMP WITH TIME ZONE",
      "timestamp with time zone": "TIMESTAMP WITH TIME ZONE", "interval": "INTERVAL",
      "uuid": "pg_catalog.uuid", "json": "pg_catalog.json", "jsonb": "pg_catalog.jsonb",
      "bytea": "pg_catalog.bytea",
    ],
    typesWithModifiers: ["numeric", "decimal", "varchar", "character varying", "char", "character"]
  )

  /// PostgreSQL's functions, by name, with how each is called: in `pg_catalog`, except the
  /// ones that are SQL's own syntax (`COALESCE`, `NULLIF`, `GREATEST`, `LEAST`) and `trim`,
  /// which is `btrim` in the catalogue.
  static let postgreSQLFunctions: [String: String] = {
    let catalogue = [
      "lower", "upper", "initcap", "length", "char_length", "character_length", "octet_length",
      "substr", "substring", "left", "right", "btrim", "ltrim", "rtrim", "lpad", "rpad",
      "replace", "translate", "reverse", "repeat", "strpos", "position", "split_part",
      "starts_with", "concat", "concat_ws", "format", "md5", "ascii", "chr", "regexp_replace",
      "to_char", "to_number", "to_date", "to_timestamp", "abs", "round", "trunc", "ceil",
      "ceiling", "floor", "sign", "mod", "div", "power", "sqrt", "exp", "ln", "log", "now",
      "date_trunc", "date_part", "age", "make_date", "make_time", "make_timestamp",
      "make_interval", "isfinite", "justify_days", "justify_hours", "justify_interval",
      "json_typeof", "jsonb_typeof", "json_array_length", "jsonb_array_length", "pg_sleep",
    ]
    var functions = Dictionary(uniqueKeysWithValues: catalogue.map { ($0, "pg_catalog." + $0) })
    functions["trim"] = "pg_catalog.btrim"
    for keyword in ["coalesce", "nullif", "greatest", "least"] {
      functions[keyword] = keyword.uppercased()
    }
    return functions
  }()
}
