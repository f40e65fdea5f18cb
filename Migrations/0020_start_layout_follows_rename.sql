-- layoutdb schema: a script file's recorded start layout follows a rename of that layout.
--
-- `script_files.layout` (0017) names the layout a file's statements before its first
-- `layout` line go into. It is a name, as `--layout` gives one, and `UPDATE layouts SET
-- name` left it naming the old one: an unchanged re-apply still found the file's lines,
-- but any edit of the file (a comment) moved its statements into a new layout of the old
-- name and removed the renamed one, with every command-line edit made there.
-- A layout deleted takes the file's lines with it; its record then says nothing (0017).

CREATE TRIGGER layouts_rename_script_files
AFTER UPDATE OF name ON layouts
WHEN NEW.name IS NOT OLD.name
BEGIN
    UPDATE script_files SET layout = NEW.name WHERE layout = OLD.name;
END;
