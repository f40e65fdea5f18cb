-- layoutdb schema: an applied script's source kept in runs of lines.
--
-- `script_lines` (0009) keeps every line of every script `layoutdb apply` read, as
-- written, with the layout it belongs to and the file it came from; from now on a row
-- holds a RUN of lines, not one line:
--
--   layout_id  the layout the lines belong to (the layout of the first statement on or
--              after a line: a comment above `layout B` is B's);
--   seq        orders a layout's runs across every file applied to it (gaps allowed);
--              read in `seq` order, a layout's runs are its lines in the order applied;
--   file       the file the run's lines came from, as given on the command line;
--   line       the number in `file` of the run's first line;
--   text       the run's lines joined with "\n", no line break after the last: a run of
--              N lines holds N - 1 "\n", and its k-th line (from 0) is line `line + k`.
--              A line is kept without its line break ("\n" or "\r\n"); one that ended in
--              "\r\r\n" keeps one "\r".
--
-- A run is consecutive lines of one file in one layout: an apply of a one-layout script
-- writes one row for it, or a few where the script is long (layoutdb starts another run
-- after about 64 KiB, so rewriting the run that holds an edited line stays cheap). The
-- index on (file, line) finds the run holding a line: the one with the greatest `line`
-- not after it. A file applied twice without reconciling (standard input) holds its
-- lines twice, in two runs that overlap. An older layoutdb would read each run as one
-- line, hence a new schema version rather than new rows in the old one. (A read-only
-- connection does not migrate: it reads version 11's rows as what they are, runs of one
-- line.)
--
-- Existing rows, one line each, are merged here: rows of one layout with consecutive
-- `seq`, the same file and consecutive line numbers become one run. SQLite 3.40 has no
-- ORDER BY inside an aggregate, and group_concat's order over an ordered subquery is not
-- promised, so the runs are concatenated by a recursive walk that appends to a run the
-- row with the next `seq`, one primary-key seek per row: the order is the walk's own.
-- Each step copies the run's text so far, so a run of k rows costs k²/2 line copies;
-- a merged run stops at 64 rows (a re-apply of the file that rewrites its lines writes
-- longer ones). Where runs start is found first with window functions over (layout_id, seq),
-- whose ORDER BY does define the row order `lag` sees. Nothing here is solved, so no
-- trigger marks anything dirty.

CREATE TEMP TABLE script_line_runs (
    layout_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    file TEXT NOT NULL,
    line INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (layout_id, seq)
) WITHOUT ROWID;

INSERT INTO temp.script_line_runs (layout_id, seq, file, line, text)
WITH RECURSIVE
    -- Whether a row continues the one before it in its layout: the next seq, the same
    -- file, the next line.
    placed AS (
        SELECT layout_id, seq,
            coalesce(
                lag(seq) OVER w = seq - 1 AND lag(file) OVER w = file
                    AND lag(line) OVER w = line - 1,
                0) AS continues
        FROM main.script_lines
        WINDOW w AS (PARTITION BY layout_id ORDER BY seq)
    ),
    -- The seq of the row each row's stretch of continuing rows starts at.
    stretches AS (
        SELECT layout_id, seq,
            max(CASE WHEN continues THEN NULL ELSE seq END)
                OVER (PARTITION BY layout_id ORDER BY seq ROWS UNBOUNDED PRECEDING) AS start
        FROM placed
    ),
    -- From each run's first row (a stretch's first, 65th, 129th, ...), the rows after it
    -- appended in seq order, one by one.
    runs (layout_id, first_seq, seq, file, first_line, line, text, rows) AS (
        SELECT s.layout_id, s.seq, s.seq, s.file, s.line, s.line, s.text, 1
        FROM stretches t JOIN main.script_lines s ON s.layout_id = t.layout_id AND s.seq = t.seq
        WHERE (t.seq - t.start) % 64 = 0
        UNION ALL
        SELECT r.layout_id, r.first_seq, s.seq, r.file, r.first_line, s.line,
            r.text || char(10) || s.text, r.rows + 1
        FROM runs r JOIN main.script_lines s ON s.layout_id = r.layout_id AND s.seq = r.seq + 1
        WHERE r.rows < 64 AND s.file = r.file AND s.line = r.line + 1
    )
-- A run is whole where the walk stops.
SELECT layout_id, first_seq, file, first_line, text FROM runs r
WHERE r.rows = 64 OR NOT EXISTS (
    SELECT 1 FROM main.script_lines s
    WHERE s.layout_id = r.layout_id AND s.seq = r.seq + 1 AND s.file = r.file
        AND s.line = r.line + 1);

DELETE FROM main.script_lines;

INSERT INTO main.script_lines (layout_id, seq, file, line, text)
SELECT layout_id, row_number() OVER (PARTITION BY layout_id ORDER BY seq) - 1, file, line, text
FROM temp.script_line_runs;

DROP TABLE temp.script_line_runs;
