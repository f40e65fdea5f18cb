-- layoutdb schema: stack views and hidden views (docs/vocabulary.md §7, §8).
--
-- Added as tables and columns, so a query written for the earlier columns still works.

-- A stack's arrangement, one row per stack view. The stack's own row in `views` keeps
-- kind 'view' (that column's CHECK predates stacks; SQLite cannot widen it without
-- rebuilding the table); `solved_frames.kind` says 'stack'. The stack's margins, when it
-- has them, are its view row's margin_* columns and make the arrangement relative to them.
CREATE TABLE stacks (
    view_id INTEGER PRIMARY KEY REFERENCES views (id) ON DELETE CASCADE,
    axis TEXT NOT NULL CHECK (axis = 'H' OR axis = 'V'),
    spacing REAL NOT NULL DEFAULT 0,
    distribution TEXT NOT NULL DEFAULT 'fill'
        CHECK (distribution = 'fill' OR distribution = 'fillEqually'
            OR distribution = 'fillProportionally' OR distribution = 'equalSpacing'
            OR distribution = 'equalCentering'),
    alignment TEXT NOT NULL DEFAULT 'fill'
        CHECK (alignment = 'fill' OR alignment = 'leading' OR alignment = 'top'
            OR alignment = 'center' OR alignment = 'trailing' OR alignment = 'bottom'
            OR alignment = 'firstBaseline' OR alignment = 'lastBaseline')
) STRICT;

-- `hide VIEW` in the base layout (UIView.isHidden).
ALTER TABLE views ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden = 0 OR hidden = 1);

-- A variant's own `hide`/`show` of a view and its own spacing of a stack
-- (`set STACK.spacing N in VARIANT`); NULL = the base's.
CREATE TABLE variant_views (
    variant_id INTEGER NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
    view_id INTEGER NOT NULL REFERENCES views (id) ON DELETE CASCADE,
    hidden INTEGER CHECK (hidden = 0 OR hidden = 1),
    spacing REAL,
    PRIMARY KEY (variant_id, view_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX variant_views_view ON variant_views (view_id);

-- The constraints the base layout's stacks generated at its last solve, in generation
-- order, for SQL readers (`all_constraints` lists them with kind 'stack'). They are
-- derived, like the intrinsic ones: the engine regenerates them on every solve, and
-- nothing reads them back.
CREATE TABLE stack_constraints (
    layout_id INTEGER NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    stack_id INTEGER NOT NULL REFERENCES views (id) ON DELETE CASCADE,
    relation TEXT NOT NULL CHECK (relation = '==' OR relation = '<=' OR relation = '>='),
    constant REAL NOT NULL,
    priority REAL NOT NULL,
    source TEXT NOT NULL,
    PRIMARY KEY (layout_id, position)
) STRICT, WITHOUT ROWID;
CREATE INDEX stack_constraints_stack ON stack_constraints (stack_id);

-- Removing a view or a variant takes its rows here with it (foreign keys on or off).
CREATE TRIGGER views_delete_stack
BEFORE DELETE ON views
BEGIN
    DELETE FROM stacks WHERE view_id = OLD.id;
    DELETE FROM variant_views WHERE view_id = OLD.id;
    DELETE FROM stack_constraints WHERE stack_id = OLD.id;
END;

CREATE TRIGGER variants_delete_views
BEFORE DELETE ON variants
BEGIN
    DELETE FROM variant_views WHERE variant_id = OLD.id;
END;

-- Dirty marks: a stack's arrangement or a hidden flag changes the generated constraints
-- of the whole layout (base and variants); a variant's own, that variant.
CREATE TRIGGER stacks_insert_dirty
AFTER INSERT ON stacks
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT v.layout_id, 0, -1 FROM views v WHERE v.id = NEW.view_id
    UNION ALL SELECT va.layout_id, va.id, -1 FROM views v
        JOIN variants va ON va.layout_id = v.layout_id WHERE v.id = NEW.view_id;
END;

CREATE TRIGGER stacks_update_dirty
AFTER UPDATE ON stacks
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT v.layout_id, 0, -1 FROM views v WHERE v.id = NEW.view_id
    UNION ALL SELECT va.layout_id, va.id, -1 FROM views v
        JOIN variants va ON va.layout_id = v.layout_id WHERE v.id = NEW.view_id;
END;

CREATE TRIGGER stacks_delete_dirty
AFTER DELETE ON stacks
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT v.layout_id, 0, -1 FROM views v WHERE v.id = OLD.view_id
    UNION ALL SELECT va.layout_id, va.id, -1 FROM views v
        JOIN variants va ON va.layout_id = v.layout_id WHERE v.id = OLD.view_id;
END;

CREATE TRIGGER views_hidden_dirty
AFTER UPDATE OF hidden ON views
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id;
END;

CREATE TRIGGER variant_views_insert_dirty
AFTER INSERT ON variant_views
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = NEW.variant_id;
END;

CREATE TRIGGER variant_views_update_dirty
AFTER UPDATE ON variant_views
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = NEW.variant_id;
END;

CREATE TRIGGER variant_views_delete_dirty
AFTER DELETE ON variant_views
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = OLD.variant_id;
END;

-- solved_frames as in 0006, with `kind` 'stack' for stacks and `hidden` from the base's
-- flag or the variant's own; `source_id` stays the last column.
DROP VIEW solved_frames;

CREATE VIEW solved_frames AS
SELECT
    l.name AS layout,
    CASE f.variant_id WHEN 0 THEN 'base' ELSE va.name END AS variant,
    v.name AS view,
    p.name AS parent,
    CAST(printf('%.12g', f.x) AS REAL) AS x,
    CAST(printf('%.12g', f.y) AS REAL) AS y,
    CAST(printf('%.12g', f.width) AS REAL) AS width,
    CAST(printf('%.12g', f.height) AS REAL) AS height,
    CAST(printf('%.12g', f.x - coalesce(pf.x, 0)) AS REAL) AS rel_x,
    CAST(printf('%.12g', f.y - coalesce(pf.y, 0)) AS REAL) AS rel_y,
    CAST(printf('%.12g', f.x) AS REAL) AS min_x,
    CAST(printf('%.12g', f.x + f.width / 2) AS REAL) AS mid_x,
    CAST(printf('%.12g', f.x + f.width) AS REAL) AS max_x,
    CAST(printf('%.12g', f.y) AS REAL) AS min_y,
    CAST(printf('%.12g', f.y + f.height / 2) AS REAL) AS mid_y,
    CAST(printf('%.12g', f.y + f.height) AS REAL) AS max_y,
    EXISTS (
        SELECT 1 FROM dirty d
        WHERE d.layout_id = v.layout_id AND d.variant_id = f.variant_id
          AND d.component IN (-1, v.comp_left, v.comp_top, v.comp_width, v.comp_height)
    ) AS stale,
    f.ambiguous AS ambiguous,
    CASE WHEN EXISTS (SELECT 1 FROM stacks s WHERE s.view_id = v.id) THEN 'stack'
        ELSE v.kind END AS kind,
    coalesce(
        (SELECT vv.hidden FROM variant_views vv
         WHERE vv.variant_id = f.variant_id AND vv.view_id = v.id),
        v.hidden) AS hidden,
    v.source_id AS source_id
FROM frames f
JOIN views v ON v.id = f.view_id
JOIN layouts l ON l.id = v.layout_id
LEFT JOIN variants va ON va.id = f.variant_id
LEFT JOIN views p ON p.id = v.parent_id
LEFT JOIN frames pf ON pf.view_id = v.parent_id AND pf.variant_id = f.variant_id;

-- all_constraints as in 0007, with the stacks' generated constraints (kind 'stack').
DROP VIEW all_constraints;

CREATE VIEW all_constraints AS
SELECT
    l.name AS layout, c.id AS id, c.ordinal AS ordinal, c.label AS label,
    c.relation AS relation, c.constant AS constant, c.priority AS priority,
    c.active AS active, c.kind AS kind, c.source AS source
FROM constraints c JOIN layouts l ON l.id = c.layout_id
UNION ALL
SELECT l.name, NULL, NULL, NULL, g.relation, g.constant, g.priority, 1, 'intrinsic',
    printf('%s.%s %s %.15g @ %.15g', v.name, g.attribute, g.relation, g.constant,
           g.priority)
FROM views v
JOIN layouts l ON l.id = v.layout_id
JOIN (
    SELECT id AS view_id, 'width' AS attribute, '<=' AS relation,
        intrinsic_width AS constant, hug AS priority
    FROM views WHERE intrinsic_width IS NOT NULL AND hug IS NOT NULL
    UNION ALL
    SELECT id, 'width', '>=', intrinsic_width, resist
    FROM views WHERE intrinsic_width IS NOT NULL AND resist IS NOT NULL
    UNION ALL
    SELECT id, 'height', '<=', intrinsic_height, coalesce(hug_vertical, hug)
    FROM views WHERE intrinsic_height IS NOT NULL AND hug IS NOT NULL
    UNION ALL
    SELECT id, 'height', '>=', intrinsic_height, coalesce(resist_vertical, resist)
    FROM views WHERE intrinsic_height IS NOT NULL AND resist IS NOT NULL
) g ON g.view_id = v.id
UNION ALL
SELECT l.name, NULL, NULL, NULL, s.relation, s.constant, s.priority, 1, 'stack', s.source
FROM stack_constraints s JOIN layouts l ON l.id = s.layout_id;
