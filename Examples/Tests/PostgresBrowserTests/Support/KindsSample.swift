/// Relations of every kind and columns of many types, for the source's own tests.
enum KindsSample {
  /// The SQL that makes them.
  static let sql = """
    CREATE SCHEMA shop;
    CREATE TYPE shop.status AS ENUM ('new', 'paid', 'shipped');
    CREATE DOMAIN positive_int AS integer CHECK (VALUE > 0);
    CREATE TABLE kinds (
      id int PRIMARY KEY, i2 smallint, i8 bigint, exact numeric(12,3), float8 double precision,
      float4 real, truth boolean, label varchar(20), fixed char(4), day date, at time,
      stamp timestamp, stamptz timestamptz, span interval, id2 uuid, doc json, docb jsonb,
      raw bytea, list int[], status shop.status, amount positive_int, place point, addr inet
    );
    INSERT INTO kinds VALUES
      (1, -2, 9000000000, 1204.500, 0.1, 1.5, true, 'Zoë', 'ab', '2026-11-25', '09:30:00',
       '2026-11-25 09:30:00', '2026-11-25 09:30:00+00', '1 day 02:00:00',
       'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{"b": [1, 2], "a": "x"}', '{"b": [1, 2], "a": "x"}',
       '\\x68656c6c6f', '{1,2,3}', 'paid', 7, '(1,2)', '10.0.0.1'),
      (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, NULL, '\\xfffe00', NULL, NULL, NULL, NULL, NULL),
      (3, 0, 0, -0.125, 'NaN', '-Infinity', false, '', '', 'infinity', '23:59:59.5',
       '1999-12-31 23:59:59', '1999-12-31 23:59:59+00', '-3 mons', 
       '00000000-0000-0000-0000-000000000000', '[]', '{}', '', '{}', 'new', 1, '(0,0)', '::1');
    CREATE TABLE shop.orders (code uuid, placed timestamptz, total numeric(10,2),
      PRIMARY KEY (code, placed));
    INSERT INTO shop.orders SELECT md5(i::text)::uuid, timestamptz '2026-01-01 00:00:00+00'
      + i * interval '1 hour', i * 1.25 FROM generate_series(1, 300) i;
    CREATE TABLE blobs (name text PRIMARY KEY, data bytea);
    INSERT INTO blobs VALUES ('a', '\\x00'), ('b', '\\x0102'), ('c', '\\xff');
    CREATE TABLE big (id int PRIMARY KEY, body text);
    INSERT INTO big VALUES (1, repeat('0123456789', 1048576) || 'END');
    CREATE TABLE "Odd ""Name"" table" (id int PRIMARY KEY, "Mixed Case" text, "with space" int);
    INSERT INTO "Odd ""Name"" table" VALUES (1, 'one', 10), (2, 'two', 20), (3, 'three', 30);
    CREATE VIEW shop.big_orders AS SELECT code, total FROM shop.orders WHERE total > 300;
    CREATE MATERIALIZED VIEW shop.totals AS SELECT date_trunc('day', placed) AS day,
      sum(total) AS total FROM shop.orders GROUP BY 1;
    CREATE TABLE measurements (day date, sensor int, value real, PRIMARY KEY (day, sensor))
      PARTITION BY RANGE (day);
    CREATE TABLE measurements_2025 PARTITION OF measurements
      FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
    CREATE TABLE measurements_2026 PARTITION OF measurements
      FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');
    INSERT INTO measurements SELECT date '2025-12-20' + i, s, i * s FROM generate_series(0, 20) i,
      generate_series(1, 3) s;
    CREATE EXTENSION file_fdw;
    CREATE SERVER files FOREIGN DATA WRAPPER file_fdw;
    COPY (SELECT i, 'line ' || i FROM generate_series(1, 25) i)
      TO '@SERVER_DIRECTORY@/lines.csv' (FORMAT csv);
    CREATE FOREIGN TABLE lines (n int, text text) SERVER files
      OPTIONS (filename '@SERVER_DIRECTORY@/lines.csv', format 'csv');
    CREATE SEQUENCE counter;
    CREATE TABLE wide (id int PRIMARY KEY);
    DO $$ BEGIN
      FOR c IN 1..299 LOOP EXECUTE format('ALTER TABLE wide ADD COLUMN c%s int', c); END LOOP;
    END $$;
    INSERT INTO wide (id, c1, c299) SELECT i, i, -i FROM generate_series(1, 50) i;
    CREATE TABLE numbers (id int PRIMARY KEY, word text);
    INSERT INTO numbers SELECT i, 'word ' || i FROM generate_series(1, 200000) i;
    ANALYZE;
    """
}
