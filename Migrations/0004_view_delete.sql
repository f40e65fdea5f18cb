-- layoutdb schema, version 3: a view can be removed with plain SQL.
--
-- `DELETE FROM views WHERE ...` takes the view's constraints (and their extra terms,
-- variant constants and the view's frames) with it, whether or not the connection has
-- `PRAGMA foreign_keys` on; the constraints' delete triggers and views_delete_dirty mark
-- the layout dirty. What would leave the tree broken is refused with the command to use:
-- the root view, and a view that still has subviews (remove them first, deepest first,
-- or use `layoutdb remove-view VIEW --recursive`). Deleting a whole layout (its row in
-- `layouts`) cascades to its views and is not refused: the layout row is gone by then.
--
-- The constraints go before the view so that no foreign key points at it; extra terms
-- are deleted explicitly because ON DELETE CASCADE does nothing with foreign keys off.
-- The set of constraints is found through the indexes on lhs_view_id, rhs_view_id and
-- constraint_terms(view_id), so removing one view costs what it mentions.

CREATE TRIGGER views_delete_refuse_root
BEFORE DELETE ON views
WHEN OLD.parent_id IS NULL AND EXISTS (SELECT 1 FROM layouts WHERE id = OLD.layout_id)
BEGIN
    SELECT RAISE(ABORT,
        'the root view cannot be removed (remove its subviews with `layoutdb remove-view VIEW --recursive`)');
END;

CREATE TRIGGER views_delete_refuse_parent
BEFORE DELETE ON views
WHEN OLD.parent_id IS NOT NULL AND EXISTS (SELECT 1 FROM views WHERE parent_id = OLD.id)
    AND EXISTS (SELECT 1 FROM layouts WHERE id = OLD.layout_id)
BEGIN
    SELECT RAISE(ABORT,
        'the view has subviews: use `layoutdb remove-view VIEW --recursive`, or delete the subviews first');
END;

CREATE TRIGGER views_delete_cascade
BEFORE DELETE ON views
BEGIN
    DELETE FROM variant_constants WHERE constraint_id IN (
        SELECT id FROM constraints WHERE lhs_view_id = OLD.id OR rhs_view_id = OLD.id
        UNION SELECT constraint_id FROM constraint_terms WHERE view_id = OLD.id);
    DELETE FROM constraint_terms WHERE constraint_id IN (
        SELECT id FROM constraints WHERE lhs_view_id = OLD.id OR rhs_view_id = OLD.id);
    DELETE FROM constraints WHERE lhs_view_id = OLD.id OR rhs_view_id = OLD.id
        OR id IN (SELECT constraint_id FROM constraint_terms WHERE view_id = OLD.id);
    DELETE FROM constraint_terms WHERE constraint_id IN (
        SELECT constraint_id FROM constraint_terms WHERE view_id = OLD.id);
    DELETE FROM frames WHERE view_id = OLD.id;
END;
