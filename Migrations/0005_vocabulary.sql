-- layoutdb schema: the vocabulary of real layouts (guides, safe area, margins, baselines,
-- per-axis priorities, direction).
--
-- Everything is added as columns, so a query written for the earlier columns still works.

-- 'view' or 'guide' (a UILayoutGuide: solved like a view, never drawn, no frame).
ALTER TABLE views ADD COLUMN kind TEXT NOT NULL DEFAULT 'view'
    CHECK (kind = 'view' OR kind = 'guide');
-- Layout margins (top, left, bottom, right); NULL = the default (8, or the root's rule).
ALTER TABLE views ADD COLUMN margin_top REAL;
ALTER TABLE views ADD COLUMN margin_left REAL;
ALTER TABLE views ADD COLUMN margin_bottom REAL;
ALTER TABLE views ADD COLUMN margin_right REAL;
-- `baseline F [L]`: first baseline = top + F; last = bottom - L, or top + F when L is NULL.
ALTER TABLE views ADD COLUMN baseline_first REAL;
ALTER TABLE views ADD COLUMN baseline_last REAL;
-- Vertical hugging and compression resistance; `hug`/`resist` are the horizontal ones.
ALTER TABLE views ADD COLUMN hug_vertical REAL CHECK (hug_vertical BETWEEN 1 AND 1000);
ALTER TABLE views ADD COLUMN resist_vertical REAL CHECK (resist_vertical BETWEEN 1 AND 1000);

-- The root's safe-area insets (top, left, bottom, right).
ALTER TABLE layouts ADD COLUMN safe_top REAL NOT NULL DEFAULT 0;
ALTER TABLE layouts ADD COLUMN safe_left REAL NOT NULL DEFAULT 0;
ALTER TABLE layouts ADD COLUMN safe_bottom REAL NOT NULL DEFAULT 0;
ALTER TABLE layouts ADD COLUMN safe_right REAL NOT NULL DEFAULT 0;
-- A variant's own safe area; NULL = the layout's.
ALTER TABLE variants ADD COLUMN safe_top REAL;
ALTER TABLE variants ADD COLUMN safe_left REAL;
ALTER TABLE variants ADD COLUMN safe_bottom REAL;
ALTER TABLE variants ADD COLUMN safe_right REAL;

-- A term's attribute beyond the eight base ones (`margins.left`, `safe.top`,
-- `firstBaseline`, ...): the attribute column then holds the base attribute whose
-- variables it reads (margins.right reads right's), which keeps constraint_components
-- and every query on the attribute columns right.
ALTER TABLE constraints ADD COLUMN lhs_anchor TEXT;
ALTER TABLE constraints ADD COLUMN rhs_anchor TEXT;
ALTER TABLE constraint_terms ADD COLUMN anchor TEXT;

-- solved_frames as in 0002 (every column on the 12-digit grid, derived edges from the
-- unrounded sums), with `kind` and `hidden` appended so queries on the earlier columns
-- keep working. `hidden` is 0 until `hide` exists.
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
    v.kind AS kind,
    0 AS hidden
FROM frames f
JOIN views v ON v.id = f.view_id
JOIN layouts l ON l.id = v.layout_id
LEFT JOIN variants va ON va.id = f.variant_id
LEFT JOIN views p ON p.id = v.parent_id
LEFT JOIN frames pf ON pf.view_id = v.parent_id AND pf.variant_id = f.variant_id;

-- The writing direction ('ltr' or 'rtl'): which side leading and trailing are on.
ALTER TABLE layouts ADD COLUMN direction TEXT NOT NULL DEFAULT 'ltr'
    CHECK (direction = 'ltr' OR direction = 'rtl');
-- A variant's own direction; NULL = the layout's.
ALTER TABLE variants ADD COLUMN direction TEXT CHECK (direction = 'ltr' OR direction = 'rtl');

-- Plain-SQL writes to the new columns mark dirty like the columns beside them (the
-- triggers are the one home of dirty marks): a view's kind, margins, baselines or
-- vertical priorities, a layout's or variant's safe area or direction, a term's anchor.
CREATE TRIGGER views_vocabulary_dirty
AFTER UPDATE OF kind, margin_top, margin_left, margin_bottom, margin_right, baseline_first,
    baseline_last, hug_vertical, resist_vertical ON views
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id;
END;

CREATE TRIGGER layouts_vocabulary_dirty
AFTER UPDATE OF safe_top, safe_left, safe_bottom, safe_right, direction ON layouts
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.id, 0, -1
    UNION ALL SELECT NEW.id, id, -1 FROM variants WHERE layout_id = NEW.id;
END;

CREATE TRIGGER variants_vocabulary_dirty
AFTER UPDATE OF safe_top, safe_left, safe_bottom, safe_right, direction ON variants
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    VALUES (NEW.layout_id, NEW.id, -1);
END;

CREATE TRIGGER constraints_anchor_dirty
AFTER UPDATE OF lhs_anchor, rhs_anchor ON constraints
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id;
END;

CREATE TRIGGER constraint_terms_anchor_dirty
AFTER UPDATE OF anchor ON constraint_terms
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, 0, -1 FROM constraints c WHERE c.id = NEW.constraint_id
    UNION ALL SELECT c.layout_id, va.id, -1 FROM constraints c
        JOIN variants va ON va.layout_id = c.layout_id WHERE c.id = NEW.constraint_id;
END;
