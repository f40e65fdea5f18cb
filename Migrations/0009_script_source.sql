-- layoutdb schema, version 8: the applied scripts' source survives.
--
-- Every line of a script `layoutdb apply` read, as written (comments and blank lines
-- included), with the layout it belongs to and the file it came from. `export` writes a
-- layout from these lines, and `apply FILE` of a file the project holds lines of
-- reconciles the project with what the file now says (docs/editing.md).
--
-- `seq` orders a layout's lines across every file applied to it; `line` is the line in
-- `file`. Nothing here is solved, so no trigger marks anything dirty.

CREATE TABLE script_lines (
    layout_id INTEGER NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    file TEXT NOT NULL,
    line INTEGER NOT NULL CHECK (line >= 1),
    text TEXT NOT NULL,
    PRIMARY KEY (layout_id, seq)
) STRICT, WITHOUT ROWID;
CREATE INDEX script_lines_file ON script_lines (file, line);
