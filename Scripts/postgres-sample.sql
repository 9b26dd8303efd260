-- The sample database of the demo and the benchmarks (PostgreSQL 14 or later), made in the
-- current database:
--
--   psql -v rows=N -f Scripts/postgres-sample.sql     (N people; 1000000 when rows is not set)
--
-- Every value is a function of the row's number (hashes of it, never random()), so two loads
-- with the same N are identical. Running it again replaces what it made.
--
--   public.people        N rows, id 1..N; NULLs in email, city, balance, born, active, notes;
--                        the rows whose id is a multiple of 997 have a non-ASCII name (Zoë,
--                        Jürgen, Łukasz, 東京, ...), in their email too; an index on city
--   shop.orders          10,000 rows, order_id = md5(i::text)::uuid for i in 1..10000;
--                        jsonb, text[] (NULL, empty or not), an enum, varchar(200)
--   shop.order_lines     30,000 rows, 3 lines per order, key (order_id, line)
--   shop.big_orders      a view: the orders whose total is over 500
--   shop.city_totals     a materialized view: orders and their total by the customer's city
--   public.events        5,000 rows and no primary key; rows 4901..5000 repeat rows 1..100
--   public.measurements  partitioned by day: measurements_2024 and measurements_2025, one row
--                        a day for sensors 1..3 (2,193 rows)
--   public.positive_int  a domain (int > 0), the type of kinds.quantity
--   public."Odd ""Name"" table"   a name that needs quoting, columns "Mixed Case", "with space"
--   public.kinds         100 rows of interval, time, timetz, bytea, uuid, int[], json and the
--                        domain; every 10th row is all NULL but its id; row 42's bytea is not UTF-8
\set ON_ERROR_STOP 1
\if :{?rows}
\else
  \set rows 1000000
\endif

-- One transaction: with wal_level = minimal (postgres-server.sh sets it), tables made and
-- filled in the same transaction skip the write-ahead log.
BEGIN;

SET LOCAL client_min_messages = warning;  -- no notices from the DROP ... IF EXISTS
DROP SCHEMA IF EXISTS shop CASCADE;
DROP TABLE IF EXISTS public.people, public.events, public.measurements, public.kinds,
  public."Odd ""Name"" table";
DROP DOMAIN IF EXISTS public.positive_int;

-- people --------------------------------------------------------------------------------------

CREATE TABLE public.people (
  id bigint NOT NULL,
  name text NOT NULL,
  email text,
  city text,
  balance numeric(12,2),
  born date,
  active boolean,
  joined timestamptz,
  notes text,
  score double precision
);

-- h and g: two times 60 pseudo-random bits from the md5 of the id; each column takes its own
-- slice of them. The OFFSET 0s keep the subqueries apart, so that md5 runs once a row and not
-- once a use of h or g.
INSERT INTO public.people
SELECT
  i,
  name,
  CASE WHEN (h >> 16) % 10 = 0 THEN NULL
    ELSE lower(split_part(name, ' ', 1)) || '.' || i || '@example.com' END,
  CASE WHEN (h >> 20) % 25 = 0 THEN NULL
    ELSE (ARRAY['Berlin', 'Paris', 'London', 'Madrid', 'Rome', 'Vienna', 'Prague', 'Warsaw',
      'Lisbon', 'Dublin', 'Oslo', 'Helsinki', 'Athens', 'Zürich', 'Kraków', 'Tokyo'])
      [1 + (h >> 28) % 16]
  END,
  CASE WHEN i % 101 = 0 THEN NULL ELSE (g % 2000000 - 500000) / 100.0 END,
  CASE WHEN i % 103 = 0 THEN NULL ELSE date '1940-01-01' + ((g >> 21) % 25000)::int END,
  CASE WHEN i % 107 = 0 THEN NULL ELSE (g >> 36) % 4 <> 0 END,
  timestamptz '2015-01-01 00:00:00+00' + (h >> 32) * interval '1 second',
  CASE WHEN (g >> 38) % 3 = 0 THEN 'note ' || substr(md5(g::text), 1, 1 + ((g >> 42) % 32)::int)
    ELSE NULL END,
  ((h >> 32) % 99991) / 1000.0
FROM (
  SELECT i, h, g,
    CASE WHEN i % 997 = 0
      THEN (ARRAY['Zoë', 'Jürgen', 'Łukasz', '東京', 'François', 'Ørjan', 'Śmigły'])[1 + (i / 997) % 7]
      ELSE (ARRAY['Anna', 'Ben', 'Carla', 'David', 'Emma', 'Felix', 'Greta', 'Hugo', 'Ida',
        'Jonas', 'Klara', 'Leon', 'Mia', 'Noah', 'Olga', 'Paul', 'Rosa', 'Sven', 'Tara',
        'Umar'])[1 + h % 20] || ' ' || (ARRAY['Smith', 'Jones', 'Garcia', 'Miller', 'Davis',
        'Martin', 'Lopez', 'Clark', 'Lewis', 'Walker', 'Young', 'King', 'Wright', 'Scott',
        'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell'])[1 + (h >> 8) % 20]
    END AS name
  FROM (
    SELECT i, ('x' || substr(m, 1, 15))::bit(60)::bigint AS h,
      ('x' || substr(m, 16, 15))::bit(60)::bigint AS g
    FROM (SELECT i, md5(i::text) AS m FROM generate_series(1::bigint, :rows) AS i OFFSET 0) AS m
    OFFSET 0
  ) AS hashed
  OFFSET 0
) AS named;

ALTER TABLE public.people ADD PRIMARY KEY (id);
CREATE INDEX people_city ON public.people (city, id);

-- shop ----------------------------------------------------------------------------------------

CREATE SCHEMA shop;
CREATE TYPE shop.order_status AS ENUM ('new', 'paid', 'shipped');

CREATE TABLE shop.orders (
  order_id uuid PRIMARY KEY,
  customer bigint,
  placed timestamptz,
  total numeric(10,2),
  items jsonb,
  tags text[],
  status shop.order_status,
  note varchar(200)
);

INSERT INTO shop.orders
SELECT
  md5(i::text)::uuid,
  1 + h % :rows,
  timestamptz '2024-01-01 00:00:00+00' + ((h >> 8) % 31536000) * interval '1 second',
  ((h >> 33) % 100000) / 100.0,
  CASE WHEN i % 50 = 0 THEN NULL ELSE jsonb_build_array(
    jsonb_build_object('sku', 'P' || (h >> 12) % 100, 'qty', 1 + (h >> 20) % 5),
    jsonb_build_object('sku', 'P' || (h >> 24) % 100, 'qty', 1 + (h >> 28) % 5,
      'gift', (h >> 30) % 2 = 0)) END,
  CASE (h >> 40) % 4
    WHEN 0 THEN NULL
    WHEN 1 THEN '{}'::text[]
    WHEN 2 THEN ARRAY['express']
    ELSE ARRAY['gift', 'fragile', 'has "quotes", and commas']
  END,
  (ARRAY['new', 'paid', 'shipped'])[1 + (h >> 44) % 3]::shop.order_status,
  CASE WHEN (h >> 46) % 5 = 0 THEN 'Leave at the door, please — ring twice' ELSE NULL END
FROM (
  SELECT i, ('x' || substr(md5(i::text), 1, 15))::bit(60)::bigint AS h
  FROM generate_series(1, 10000) AS i OFFSET 0
) AS hashed;

CREATE TABLE shop.order_lines (
  order_id uuid,
  line int,
  product text,
  qty int,
  PRIMARY KEY (order_id, line)
);

INSERT INTO shop.order_lines
SELECT md5(i::text)::uuid, line,
  (ARRAY['Kettle', 'Teapot', 'Mug', 'Spoon', 'Sugar bowl', 'Tray'])[1 + (i * 7 + line) % 6],
  1 + (i * 31 + line * 7) % 9
FROM generate_series(1, 10000) AS i, generate_series(1, 3) AS line;

CREATE VIEW shop.big_orders AS
  SELECT order_id, customer, placed, total, status FROM shop.orders WHERE total > 500;

CREATE MATERIALIZED VIEW shop.city_totals AS
  SELECT p.city, count(*) AS orders, sum(o.total) AS total
  FROM shop.orders AS o JOIN public.people AS p ON p.id = o.customer
  GROUP BY p.city;

-- events: no primary key, and the last 100 rows repeat the first 100 exactly ----------------

CREATE TABLE public.events (at timestamptz, kind text, payload jsonb);

INSERT INTO public.events
SELECT
  timestamptz '2025-03-01 00:00:00+00' + (j * 37) * interval '1 second',
  (ARRAY['login', 'logout', 'view', 'click', 'error'])[1 + j % 5],
  CASE WHEN j % 20 = 0 THEN NULL
    ELSE jsonb_build_object('user', 1 + j % 300, 'path', '/page/' || j % 40, 'ok', j % 5 <> 4) END
FROM generate_series(1, 5000) AS i,
  LATERAL (SELECT CASE WHEN i > 4900 THEN i - 4900 ELSE i END AS j) AS k;

-- measurements: partitioned by range of day -------------------------------------------------

CREATE TABLE public.measurements (
  day date,
  sensor int,
  value real,
  PRIMARY KEY (day, sensor)
) PARTITION BY RANGE (day);
CREATE TABLE public.measurements_2024 PARTITION OF public.measurements
  FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE public.measurements_2025 PARTITION OF public.measurements
  FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');

INSERT INTO public.measurements
SELECT d::date, sensor, round((15 + 10 * sin(extract(doy FROM d) / 58.0) + sensor)::numeric, 1)
FROM generate_series(date '2024-01-01', date '2025-12-31', interval '1 day') AS d,
  generate_series(1, 3) AS sensor;

-- a domain, a name that needs quoting, and many kinds of values ------------------------------

CREATE DOMAIN public.positive_int AS int CHECK (VALUE > 0);

CREATE TABLE public."Odd ""Name"" table" (id int PRIMARY KEY, "Mixed Case" text, "with space" int);
INSERT INTO public."Odd ""Name"" table" VALUES
  (1, 'first', 10), (2, 'Second "quoted"', NULL), (3, NULL, 30), (4, 'it''s fourth', 40);

CREATE TABLE public.kinds (
  id int PRIMARY KEY,
  span interval,
  at_time time,
  at_timetz timetz,
  raw bytea,
  ref uuid,
  numbers int[],
  doc json,
  quantity public.positive_int
);

-- Every 10th row: NULL in every column but id. Row 42: a bytea that is not UTF-8.
INSERT INTO public.kinds
SELECT i,
  CASE WHEN i % 10 = 0 THEN NULL ELSE make_interval(days => i % 40, hours => i % 24, mins => i) END,
  CASE WHEN i % 10 = 0 THEN NULL ELSE time '00:00' + i * interval '13 minutes 7 seconds' END,
  CASE WHEN i % 10 = 0 THEN NULL ELSE (time '08:30' + i * interval '1 minute')::timetz END,
  CASE WHEN i % 10 = 0 THEN NULL
    WHEN i = 42 THEN '\xfffe0080c328'::bytea
    ELSE convert_to('bytes ' || i, 'UTF8') END,
  CASE WHEN i % 10 = 0 THEN NULL ELSE md5('kinds' || i)::uuid END,
  CASE WHEN i % 10 = 0 THEN NULL WHEN i % 7 = 0 THEN '{}'::int[]
    ELSE ARRAY[i, i * 2, i * 3] END,
  CASE WHEN i % 10 = 0 THEN NULL
    ELSE json_build_object('n', i, 'even', i % 2 = 0, 'list', json_build_array(i, 'x')) END,
  CASE WHEN i % 10 = 0 THEN NULL ELSE i END
FROM generate_series(1, 100) AS i;

COMMIT;

ANALYZE;
