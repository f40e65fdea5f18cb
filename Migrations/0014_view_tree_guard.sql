-- layoutdb schema: plain SQL cannot break the view tree by moving a view.
--
-- `UPDATE views SET parent_id = ...` is how a person moves a view with SQL, and the
-- engine, `export` and every walk down the tree need a tree: one root per layout (the
-- view without a parent), every other view under it, no view inside itself. 0004
-- guards the tree against deletes; these guard it against moves, each refusing with the
-- command that makes the move safely. `layoutdb move-view` checks the same things first
-- and says them in its own words; these are for everyone else.
--
-- The walk up from the new parent stops at the root, or at a view it has seen (UNION,
-- not UNION ALL), so that a cycle left by an older version of layoutdb ends it too.

CREATE TRIGGER views_parent_refuse_cycle
BEFORE UPDATE OF parent_id ON views
WHEN NEW.parent_id IS NOT NULL AND NEW.parent_id IS NOT OLD.parent_id AND EXISTS (
    WITH RECURSIVE up (id) AS (
        SELECT NEW.parent_id
        UNION SELECT v.parent_id FROM views v JOIN up ON v.id = up.id
        WHERE v.parent_id IS NOT NULL)
    SELECT 1 FROM up WHERE id = NEW.id)
BEGIN
    SELECT RAISE(ABORT,
        'a view cannot be moved inside itself (the new parent is the view or one of its subviews): use `layoutdb move-view VIEW --into PARENT`');
END;

CREATE TRIGGER views_parent_refuse_root
BEFORE UPDATE OF parent_id ON views
WHEN (OLD.parent_id IS NULL) <> (NEW.parent_id IS NULL)
BEGIN
    SELECT RAISE(ABORT,
        'a layout has one root view, the one without a parent: the root cannot be moved, and another view cannot be made a root (move it with `layoutdb move-view VIEW --into root`)');
END;

CREATE TRIGGER views_parent_refuse_other_layout
BEFORE UPDATE OF parent_id, layout_id ON views
WHEN NEW.parent_id IS NOT NULL
    AND (SELECT layout_id FROM views WHERE id = NEW.parent_id) IS NOT NEW.layout_id
BEGIN
    SELECT RAISE(ABORT,
        'a view''s parent must be a view of the same layout: use `layoutdb move-view VIEW --into PARENT` within one layout');
END;
