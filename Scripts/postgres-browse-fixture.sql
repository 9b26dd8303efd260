-- The data of the end-to-end tests that browse PostgreSQL, made in the current database:
--
--   psql -v rows=N -f Scripts/postgres-browse-fixture.sql     (N rows; 1000000 when not set)
--
-- Every value is a function of the row's number i (1..N), so tests can predict any row.
--
-- public.hostile(a, b, data, raw, note), primary key (a, b): a = i, b = 'k' || i.
--   data  NULL when i % 97 = 0, else {"n": i, "tag": one of five words, "even": i % 2 = 0,
--         "nested": {"h": a number}}
--   raw   0 to 40 bytes, L = i * 7 % 41 of them:
--           i % 50 = 0             NULL
--           i even                 UTF-8 text: the first L characters of
--                                  'plain UTF-8: héllo wörld ✓ 漢字!' (38 bytes at most)
--           i % 4 = 1              L bytes of md5 hashes (random bytes: mostly not UTF-8)
--           i % 4 = 3              \xff then L - 1 such bytes (never UTF-8; 1 byte when L = 0)
--   note  the first rule that matches:
--           i = N - 1000, N - 500, N - 10   'zanzibar row <i>': the only rows holding the word
--                                           zanzibar (anywhere in the table; all three exist
--                                           when N > 1000)
--           i % 1000 = 0           repeat('x', 5000)
--           i % 1000 = 500         repeat('漢字', 1000) (4,000 columns wide)
--           i % 20 = 0             NULL
--           i % 20 = 1             tabs
--           i % 20 = 2             newlines (three lines)
--           i % 20 = 3             a carriage return, and CR LF
--           i % 20 = 4             ESC colour sequences (ESC [31m ... ESC [0m)
--           i % 20 = 5             ESC sequences that clear the screen, move the cursor, set the
--                                  window title (OSC ... BEL) and switch to the other screen
--           i % 20 = 6             CJK: '漢字 ...' (wide characters)
--           i % 20 = 7             combining marks: 'e' || chr(769), 'n' || chr(771)
--           i % 20 = 8             emoji, one with a skin tone, a flag
--           i % 20 = 9             emoji joined by zero-width joiners (chr(8205)), a zero-width
--                                  space (chr(8203))
--           i % 20 = 10            right-to-left: 'שלום עולם', and a right-to-left override
--                                  (chr(8238)) closed by chr(8236)
--           i % 20 = 11            BEL, backspace, DEL and the C1 control CSI (chr(155))
--           i % 20 = 12            '' (empty, not NULL)
--           i % 20 = 13            leading and trailing spaces
--           i % 20 = 14            quotes ' " ` and a backslash
--           otherwise              'note <i>'
-- public.one_row(id, v): one row, (1, 'only').
-- public.empty(id): no row.
\set ON_ERROR_STOP 1
\if :{?rows}
\else
  \set rows 1000000
\endif

-- One transaction: with wal_level = minimal (postgres-server.sh sets it), tables made and
-- filled in the same transaction skip the write-ahead log.
BEGIN;
SET LOCAL client_min_messages = warning;  -- no notices from the DROP ... IF EXISTS
DROP TABLE IF EXISTS public.hostile, public.one_row, public.empty;

CREATE TABLE public.hostile (a int, b text, data jsonb, raw bytea, note text);

INSERT INTO public.hostile
SELECT
  i,
  'k' || i,
  CASE WHEN i % 97 = 0 THEN NULL
    ELSE jsonb_build_object('n', i,
      'tag', (ARRAY['alpha', 'beta', 'gamma', 'delta', 'epsilon'])[1 + i % 5],
      'even', i % 2 = 0,
      'nested', jsonb_build_object('h', ('x' || substr(m, 1, 4))::bit(16)::int))
  END,
  CASE
    WHEN i % 50 = 0 THEN NULL
    WHEN i % 2 = 0 THEN convert_to(left('plain UTF-8: héllo wörld ✓ 漢字!', i * 7 % 41), 'UTF8')
    WHEN i % 4 = 1 THEN substr(decode(m || md5(m) || m, 'hex'), 1, i * 7 % 41)
    ELSE '\xff'::bytea || substr(decode(m || md5(m) || m, 'hex'), 1, greatest(i * 7 % 41 - 1, 0))
  END,
  CASE
    WHEN i IN (:rows - 1000, :rows - 500, :rows - 10) THEN 'zanzibar row ' || i
    WHEN i % 1000 = 0 THEN repeat('x', 5000)
    WHEN i % 1000 = 500 THEN repeat('漢字', 1000)
    ELSE CASE i % 20
      WHEN 0 THEN NULL
      WHEN 1 THEN 'tab' || chr(9) || 'separated' || chr(9) || chr(9) || 'cells'
      WHEN 2 THEN 'line one' || chr(10) || 'line two' || chr(10) || 'line three'
      WHEN 3 THEN 'carriage' || chr(13) || 'return, and CR LF' || chr(13) || chr(10) || 'end'
      WHEN 4 THEN chr(27) || '[31mred' || chr(27) || '[0m and ' || chr(27)
        || '[1;44mbold on blue' || chr(27) || '[0m'
      WHEN 5 THEN chr(27) || '[2J' || chr(27) || '[H' || 'cleared? ' || chr(27)
        || ']0;window title' || chr(7) || chr(27) || '[?1049h other screen'
      WHEN 6 THEN '漢字 wide CJK 漢字漢字 全角'
      WHEN 7 THEN 'e' || chr(769) || ' cafe' || chr(769) || ' man' || chr(771) || 'ana (combining)'
      WHEN 8 THEN '😀 grin, 👍🏽 thumbs, 🇩🇪 flag'
      WHEN 9 THEN '👨' || chr(8205) || '👩' || chr(8205) || '👧' || ' family, zero'
        || chr(8203) || 'width space'
      WHEN 10 THEN 'שלום עולם right-to-left, ' || chr(8238) || 'overridden' || chr(8236) || ' back'
      WHEN 11 THEN 'bell' || chr(7) || ' backspace' || chr(8) || ' delete' || chr(127)
        || ' C1 CSI' || chr(155) || '31m'
      WHEN 12 THEN ''
      WHEN 13 THEN '   leading and trailing spaces   '
      WHEN 14 THEN 'quotes '' " ` and a \ backslash'
      ELSE 'note ' || i
    END
  END
-- OFFSET 0 keeps the subquery apart, so that md5 runs once a row and not once a use of m.
FROM (SELECT i, md5(i::text) AS m FROM generate_series(1, :rows) AS i OFFSET 0) AS hashed;

ALTER TABLE public.hostile ADD PRIMARY KEY (a, b);

CREATE TABLE public.one_row (id int PRIMARY KEY, v text);
INSERT INTO public.one_row VALUES (1, 'only');

CREATE TABLE public.empty (id int PRIMARY KEY);

COMMIT;

ANALYZE public.hostile, public.one_row, public.empty;
