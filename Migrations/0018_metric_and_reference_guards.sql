-- layoutdb schema: plain SQL may not change a metric, give a metric a view's name, tie a
-- constraint to another layout's view, or add a second root or a view under another
-- layout's; a view's new place in the declaration order marks it dirty.
--
-- 1. A metric is read when a script is applied: the constraints that name it keep its
--    value in their constants, and no trigger could follow a new value into them. `UPDATE
--    metrics SET value = 40` left the frames on the old value while `export` wrote the
--    new one, so the project and its export disagreed, and doctor found nothing. Its
--    value and name are refused with what to do; a re-apply replaces a metric by a delete
--    and an insert, which stay allowed.
--
-- 2. 0014-0016 refuse a parent, a moved row or an override in another layout. A
--    constraint's own view columns were not checked, nor a `constraint_terms` row: `UPDATE
--    constraints SET lhs_view_id` to another layout's view made every read of the layout
--    fail ("unknown view") and `export` write a script that does not apply. An INSERT of
--    a view was not checked either: with another layout's parent, or with no parent in a
--    layout that has its root. These refuse such rows, inserted or updated. A view that
--    does not exist is the foreign keys' to refuse (doctor finds what a connection with
--    them off left): these compare layouts with `<>`, which a missing row leaves unknown.
--
-- A first apply writes its rows with its connection's triggers off, as it always has;
-- `add` and a re-apply's new rows pay one primary-key probe per view they name.

CREATE TRIGGER metrics_value_refuse
BEFORE UPDATE OF name, value ON metrics
WHEN NEW.name IS NOT OLD.name OR NEW.value IS NOT OLD.value
BEGIN
    SELECT RAISE(ABORT,
        'a metric''s value is in the constraints that name it since the script was applied: change the `metric NAME VALUE` line in the script and apply it again (`layoutdb apply FILE`)');
END;

CREATE TRIGGER constraints_view_refuse_other_layout
BEFORE INSERT ON constraints
WHEN (NEW.lhs_view_id IS NOT NULL
        AND (SELECT layout_id FROM views WHERE id = NEW.lhs_view_id) <> NEW.layout_id)
    OR (NEW.rhs_view_id IS NOT NULL
        AND (SELECT layout_id FROM views WHERE id = NEW.rhs_view_id) <> NEW.layout_id)
BEGIN
    SELECT RAISE(ABORT,
        'a constraint names views of its own layout only: use `layoutdb --layout LAYOUT add EQUATION`');
END;

CREATE TRIGGER constraints_view_refuse_other_layout_update
BEFORE UPDATE OF lhs_view_id, rhs_view_id ON constraints
WHEN (NEW.lhs_view_id IS NOT NULL AND NEW.lhs_view_id IS NOT OLD.lhs_view_id
        AND (SELECT layout_id FROM views WHERE id = NEW.lhs_view_id) <> NEW.layout_id)
    OR (NEW.rhs_view_id IS NOT NULL AND NEW.rhs_view_id IS NOT OLD.rhs_view_id
        AND (SELECT layout_id FROM views WHERE id = NEW.rhs_view_id) <> NEW.layout_id)
BEGIN
    SELECT RAISE(ABORT,
        'a constraint names views of its own layout only: use `layoutdb --layout LAYOUT add EQUATION`');
END;

CREATE TRIGGER constraint_terms_view_refuse_other_layout
BEFORE INSERT ON constraint_terms
WHEN (SELECT layout_id FROM views WHERE id = NEW.view_id)
    <> (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id)
BEGIN
    SELECT RAISE(ABORT,
        'a constraint''s term names a view of the constraint''s own layout only: use `layoutdb --layout LAYOUT add EQUATION`');
END;

CREATE TRIGGER constraint_terms_view_refuse_other_layout_update
BEFORE UPDATE OF view_id, constraint_id ON constraint_terms
WHEN (SELECT layout_id FROM views WHERE id = NEW.view_id)
    <> (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id)
BEGIN
    SELECT RAISE(ABORT,
        'a constraint''s term names a view of the constraint''s own layout only: use `layoutdb --layout LAYOUT add EQUATION`');
END;

CREATE TRIGGER views_insert_refuse_other_layout
BEFORE INSERT ON views
WHEN NEW.parent_id IS NOT NULL
    AND (SELECT layout_id FROM views WHERE id = NEW.parent_id) <> NEW.layout_id
BEGIN
    SELECT RAISE(ABORT,
        'a view''s parent must be a view of the same layout: declare it with a `view NAME in PARENT` line applied to that layout');
END;

CREATE TRIGGER views_insert_refuse_second_root
BEFORE INSERT ON views
WHEN NEW.parent_id IS NULL
    AND EXISTS (SELECT 1 FROM views WHERE layout_id = NEW.layout_id AND parent_id IS NULL)
BEGIN
    SELECT RAISE(ABORT,
        'a layout has one root view, the one without a parent: give the new view a parent (`root`''s id for the top level)');
END;

-- 3. A metric and a view of one name in a layout: where a number may stand, a script
--    would read the metric, not the view, and the applier refuses such a script. A
--    plain-SQL row made one anyway, and `export` wrote a script that did not apply.
CREATE TRIGGER metrics_insert_refuse_view_name
BEFORE INSERT ON metrics
WHEN EXISTS (SELECT 1 FROM views WHERE layout_id = NEW.layout_id AND name = NEW.name)
BEGIN
    SELECT RAISE(ABORT,
        'a metric and a view of one name in a layout: a script would read the metric where a number may stand, not the view; give the metric another name');
END;

CREATE TRIGGER views_insert_refuse_metric_name
BEFORE INSERT ON views
WHEN EXISTS (SELECT 1 FROM metrics WHERE layout_id = NEW.layout_id AND name = NEW.name)
BEGIN
    SELECT RAISE(ABORT,
        'a view and a metric of one name in a layout: a script would read the metric where a number may stand, not the view; give the view another name');
END;

-- 4. Where two views' drawn frames cannot both be kept, the one declared first keeps its
--    own (the solver meets the frames in declaration order): `UPDATE views SET ordinal`
--    can change the solution outside stacks too. It marked nothing there, `frames` read
--    the old values as fresh and doctor reported them stale. The view's components are
--    marked now, in the base and every variant, as a change of its frame marks them.
CREATE TRIGGER views_ordinal_dirty
AFTER UPDATE OF ordinal ON views
WHEN NEW.ordinal IS NOT OLD.ordinal AND NEW.parent_id IS NOT NULL
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, va.id, m.component
    FROM (SELECT coalesce(comp_left, -1) AS component FROM views WHERE id = NEW.id
          UNION SELECT coalesce(comp_top, -1) FROM views WHERE id = NEW.id
          UNION SELECT coalesce(comp_width, -1) FROM views WHERE id = NEW.id
          UNION SELECT coalesce(comp_height, -1) FROM views WHERE id = NEW.id) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = NEW.layout_id) va;
END;
