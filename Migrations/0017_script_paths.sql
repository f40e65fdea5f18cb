-- layoutdb schema: where each applied script file is, so a file is known by its place.
--
-- `script_lines.file` is the name a file was first applied under, as typed: a path from
-- the folder `layoutdb` ran in. Two files typed the same way from two folders
-- (`cd a; layoutdb apply home.layout`, then `cd ../b; layoutdb apply home.layout`) were
-- one file to the project: the second apply reconciled with the first and removed what
-- the first made.
--
--   file  the held name (`script_lines.file`, `constraints.origin_file`);
--   path      where that file is, from the project file's folder, links resolved
--             (`screens/home.layout`, `../app/home.layout`): a clone of a repository
--             that keeps the project beside its scripts finds them where they were;
--   absolute  where it is from `/`, links resolved: a project moved away from its
--             scripts finds them there, when nothing is at `path` any more;
--   layout    the layout its statements before its first `layout` line go into (what
--             `--layout` said when it was first applied, else `main`): a re-apply without
--             `--layout` goes there, whatever lines were added or taken out since.
--
-- A re-apply finds the file it names here, whatever folder it runs in and however the
-- path is spelled; a file whose held name another file holds is held under its place. Files applied before this version have no row until their next apply that
-- writes: they are found by name as before. A row whose file no longer has lines (its
-- layouts were deleted) says nothing: only names with lines are looked up.

CREATE TABLE script_files (
    file TEXT PRIMARY KEY,
    path TEXT NOT NULL,
    absolute TEXT NOT NULL,
    layout TEXT
) STRICT, WITHOUT ROWID;
