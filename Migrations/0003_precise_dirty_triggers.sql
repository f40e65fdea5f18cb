-- layoutdb schema, version 3: the triggers are the one home of dirty marking.
--
-- Every write, by layoutdb or by plain SQL, is marked by a trigger, as precisely as
-- the schema can say: a constraint's add, removal, priority or activation marks the
-- components its non-root terms read (the whole layout where a view is not solved
-- yet, or where no term names a solved view), for the base and every variant. Nothing
-- silences them, so there is no quiet flag (`store_state` is dropped). The one bypass
-- is `apply`'s bulk insert, which runs with its own connection's triggers off
-- (`Database.withoutTriggers`) and marks each layout it touched whole.

DROP TRIGGER constraints_structure_dirty;
DROP TRIGGER constraints_insert_dirty;
DROP TRIGGER constraints_delete_dirty;
DROP TRIGGER constraint_terms_insert_dirty;
DROP TRIGGER constraint_terms_update_dirty;
DROP TRIGGER constraint_terms_delete_dirty;
DROP TRIGGER views_insert_dirty;
DROP TRIGGER views_update_dirty;
DROP TRIGGER views_delete_dirty;
DROP TABLE store_state;

-- The components a constraint's non-root terms read, one row per variable: `right`
-- and `centerX` read left and width, `bottom` and `centerY` top and height. NULL where
-- the view is not solved yet. Root terms have none (the engine folds the root into
-- constants).
CREATE VIEW constraint_term_components AS
SELECT c.id AS constraint_id, c.layout_id AS layout_id,
    CASE c.lhs_attribute WHEN 'width' THEN v.comp_width WHEN 'height' THEN v.comp_height
        WHEN 'top' THEN v.comp_top WHEN 'bottom' THEN v.comp_top WHEN 'centerY' THEN v.comp_top
        ELSE v.comp_left END AS component
FROM constraints c JOIN views v ON v.id = c.lhs_view_id
WHERE v.parent_id IS NOT NULL
UNION ALL
SELECT c.id AS constraint_id, c.layout_id AS layout_id,
    CASE c.lhs_attribute WHEN 'left' THEN v.comp_left WHEN 'top' THEN v.comp_top
        WHEN 'width' THEN v.comp_width WHEN 'right' THEN v.comp_width WHEN 'centerX' THEN v.comp_width
        ELSE v.comp_height END AS component
FROM constraints c JOIN views v ON v.id = c.lhs_view_id
WHERE v.parent_id IS NOT NULL
UNION ALL
SELECT c.id AS constraint_id, c.layout_id AS layout_id,
    CASE c.rhs_attribute WHEN 'width' THEN v.comp_width WHEN 'height' THEN v.comp_height
        WHEN 'top' THEN v.comp_top WHEN 'bottom' THEN v.comp_top WHEN 'centerY' THEN v.comp_top
        ELSE v.comp_left END AS component
FROM constraints c JOIN views v ON v.id = c.rhs_view_id
WHERE v.parent_id IS NOT NULL
UNION ALL
SELECT c.id AS constraint_id, c.layout_id AS layout_id,
    CASE c.rhs_attribute WHEN 'left' THEN v.comp_left WHEN 'top' THEN v.comp_top
        WHEN 'width' THEN v.comp_width WHEN 'right' THEN v.comp_width WHEN 'centerX' THEN v.comp_width
        ELSE v.comp_height END AS component
FROM constraints c JOIN views v ON v.id = c.rhs_view_id
WHERE v.parent_id IS NOT NULL
UNION ALL
SELECT t.constraint_id, v.layout_id,
    CASE t.attribute WHEN 'width' THEN v.comp_width WHEN 'height' THEN v.comp_height
        WHEN 'top' THEN v.comp_top WHEN 'bottom' THEN v.comp_top WHEN 'centerY' THEN v.comp_top
        ELSE v.comp_left END
FROM constraint_terms t JOIN views v ON v.id = t.view_id
WHERE v.parent_id IS NOT NULL
UNION ALL
SELECT t.constraint_id, v.layout_id,
    CASE t.attribute WHEN 'left' THEN v.comp_left WHEN 'top' THEN v.comp_top
        WHEN 'width' THEN v.comp_width WHEN 'right' THEN v.comp_width WHEN 'centerX' THEN v.comp_width
        ELSE v.comp_height END
FROM constraint_terms t JOIN views v ON v.id = t.view_id
WHERE v.parent_id IS NOT NULL;

-- A constraint added, removed, re-prioritised or (de)activated: the components of its
-- terms, as `constraint_term_components` reads them before the change (removal) or
-- after (the rest), so a constraint that joins two components marks both; the whole
-- layout where a view is not solved yet or no term names a view but the root.
CREATE TRIGGER constraints_insert_dirty
AFTER INSERT ON constraints
WHEN NEW.active = 1
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, va.id, m.component
    FROM (SELECT coalesce(component, -1) AS component FROM constraint_term_components
          WHERE constraint_id = NEW.id
          UNION ALL SELECT -1 WHERE NOT EXISTS
              (SELECT 1 FROM constraint_term_components WHERE constraint_id = NEW.id)) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = NEW.layout_id) va;
END;

-- BEFORE: the constraint's terms are still there to read.
CREATE TRIGGER constraints_delete_dirty
BEFORE DELETE ON constraints
WHEN OLD.active = 1
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT OLD.layout_id, va.id, m.component
    FROM (SELECT coalesce(component, -1) AS component FROM constraint_term_components
          WHERE constraint_id = OLD.id
          UNION ALL SELECT -1 WHERE NOT EXISTS
              (SELECT 1 FROM constraint_term_components WHERE constraint_id = OLD.id)) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = OLD.layout_id) va;
END;

CREATE TRIGGER constraints_holding_dirty
AFTER UPDATE OF active, priority, relation, lhs_coefficient, rhs_coefficient ON constraints
WHEN (NEW.active = 1 OR OLD.active = 1)
  AND (NEW.active IS NOT OLD.active OR NEW.priority IS NOT OLD.priority
       OR NEW.relation IS NOT OLD.relation OR NEW.lhs_coefficient IS NOT OLD.lhs_coefficient
       OR NEW.rhs_coefficient IS NOT OLD.rhs_coefficient)
  AND NEW.layout_id IS OLD.layout_id
  AND NEW.lhs_view_id IS OLD.lhs_view_id AND NEW.lhs_attribute IS OLD.lhs_attribute
  AND NEW.rhs_view_id IS OLD.rhs_view_id AND NEW.rhs_attribute IS OLD.rhs_attribute
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, va.id, m.component
    FROM (SELECT coalesce(component, -1) AS component FROM constraint_term_components
          WHERE constraint_id = NEW.id
          UNION ALL SELECT -1 WHERE NOT EXISTS
              (SELECT 1 FROM constraint_term_components WHERE constraint_id = NEW.id)) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = NEW.layout_id) va;
END;

-- A term moved to another view or attribute (or layout): the whole layout, which is
-- where plain SQL alone makes such edits.
CREATE TRIGGER constraints_structure_dirty
AFTER UPDATE OF layout_id, lhs_view_id, lhs_attribute, rhs_view_id, rhs_attribute ON constraints
WHEN NEW.layout_id IS NOT OLD.layout_id
  OR NEW.lhs_view_id IS NOT OLD.lhs_view_id OR NEW.lhs_attribute IS NOT OLD.lhs_attribute
  OR NEW.rhs_view_id IS NOT OLD.rhs_view_id OR NEW.rhs_attribute IS NOT OLD.rhs_attribute
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id;
END;

-- An extra term (constraint_terms) changes its constraint: the constraint's components
-- after the change, and those the old term read.
CREATE TRIGGER constraint_terms_insert_dirty
AFTER INSERT ON constraint_terms
WHEN EXISTS (SELECT 1 FROM constraints WHERE id = NEW.constraint_id AND active = 1)
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id), va.id, m.component
    FROM (SELECT coalesce(component, -1) AS component FROM constraint_term_components
          WHERE constraint_id = NEW.constraint_id
          UNION ALL SELECT -1 WHERE NOT EXISTS
              (SELECT 1 FROM constraint_term_components WHERE constraint_id = NEW.constraint_id)) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id)) va;
END;

CREATE TRIGGER constraint_terms_update_dirty
AFTER UPDATE ON constraint_terms
WHEN EXISTS (SELECT 1 FROM constraints WHERE id = NEW.constraint_id AND active = 1)
  OR EXISTS (SELECT 1 FROM constraints WHERE id = OLD.constraint_id AND active = 1)
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id), va.id, m.component
    FROM (SELECT coalesce(component, -1) AS component FROM constraint_term_components
          WHERE constraint_id = NEW.constraint_id
          UNION ALL SELECT -1 WHERE NOT EXISTS
              (SELECT 1 FROM constraint_term_components WHERE constraint_id = NEW.constraint_id)) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id)) va;
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT v.layout_id, va.id, coalesce(m.component, -1)
    FROM views v JOIN (
        SELECT CASE OLD.attribute WHEN 'width' THEN v.comp_width WHEN 'height' THEN v.comp_height
        WHEN 'top' THEN v.comp_top WHEN 'bottom' THEN v.comp_top WHEN 'centerY' THEN v.comp_top
        ELSE v.comp_left END AS component FROM views v WHERE v.id = OLD.view_id
        UNION ALL
        SELECT CASE OLD.attribute WHEN 'left' THEN v.comp_left WHEN 'top' THEN v.comp_top
        WHEN 'width' THEN v.comp_width WHEN 'right' THEN v.comp_width WHEN 'centerX' THEN v.comp_width
        ELSE v.comp_height END FROM views v WHERE v.id = OLD.view_id) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants
         WHERE layout_id = (SELECT layout_id FROM views WHERE id = OLD.view_id)) va
    WHERE v.id = OLD.view_id AND v.parent_id IS NOT NULL;
END;

CREATE TRIGGER constraint_terms_delete_dirty
AFTER DELETE ON constraint_terms
WHEN NOT EXISTS (SELECT 1 FROM constraints WHERE id = OLD.constraint_id AND active = 0)
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT v.layout_id, va.id, coalesce(m.component, -1)
    FROM views v JOIN (
        SELECT CASE OLD.attribute WHEN 'width' THEN v.comp_width WHEN 'height' THEN v.comp_height
        WHEN 'top' THEN v.comp_top WHEN 'bottom' THEN v.comp_top WHEN 'centerY' THEN v.comp_top
        ELSE v.comp_left END AS component FROM views v WHERE v.id = OLD.view_id
        UNION ALL
        SELECT CASE OLD.attribute WHEN 'left' THEN v.comp_left WHEN 'top' THEN v.comp_top
        WHEN 'width' THEN v.comp_width WHEN 'right' THEN v.comp_width WHEN 'centerX' THEN v.comp_width
        ELSE v.comp_height END FROM views v WHERE v.id = OLD.view_id) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants
         WHERE layout_id = (SELECT layout_id FROM views WHERE id = OLD.view_id)) va
    WHERE v.id = OLD.view_id AND v.parent_id IS NOT NULL;
END;

-- Views: any change to what the engine reads of a view re-solves the whole layout.
CREATE TRIGGER views_insert_dirty
AFTER INSERT ON views
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id;
END;

CREATE TRIGGER views_update_dirty
AFTER UPDATE OF parent_id, frame_x, frame_y, frame_width, frame_height, autoresize,
    intrinsic_width, intrinsic_height, hug, resist ON views
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id;
END;

CREATE TRIGGER views_delete_dirty
AFTER DELETE ON views
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT OLD.layout_id, 0, -1
    UNION ALL SELECT OLD.layout_id, id, -1 FROM variants WHERE layout_id = OLD.layout_id;
END;
