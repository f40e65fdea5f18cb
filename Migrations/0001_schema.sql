-- layoutdb schema, version 1.
--
-- Conventions:
--   * Every table is STRICT, so a wrong type written with plain SQL is refused.
--   * CHECKs list allowed values with OR, not IN: SQLite builds a temporary b-tree for
--     an IN list of three or more values on every row written (~1 µs per CHECK per row).
--   * variant_id 0 means the layout itself ("base"); real variants have ids >= 1.
--     Frames and dirty marks use 0 rather than NULL so they can have primary keys.
--   * component -1 in `dirty` means "the whole layout (for that variant)".
--   * A constraint's solver component is not stored: every non-root term of a constraint
--     is in the same component, so it is the component of its first non-root term's
--     variable, read from that view's comp_* column (`constraint_components`). Writing
--     one component per constraint after each solve would cost seconds at 466k rows.
--   * Constraints generated from a view's intrinsic size are not stored as rows: the
--     `all_constraints` view derives them from the view's columns, so they can never
--     disagree with the view.
--   * The store turns dirty-marking triggers off (store_state.quiet = 1) inside its own
--     transactions when it marks dirty state itself (bulk apply); the flag is back to 0
--     before every commit, so plain SQL writers always see the triggers on.

-- 'LYDB': marks the file as a layoutdb project, so a foreign SQLite file is refused.
PRAGMA application_id = 1280918594;

CREATE TABLE store_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    quiet INTEGER NOT NULL DEFAULT 0 CHECK (quiet IN (0, 1))
) STRICT;
INSERT INTO store_state (id, quiet) VALUES (1, 0);

CREATE TABLE layouts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    -- NULL until a `canvas` statement sets it.
    canvas_width REAL CHECK (canvas_width >= 0),
    canvas_height REAL CHECK (canvas_height >= 0)
) STRICT;

CREATE TABLE views (
    id INTEGER PRIMARY KEY,
    layout_id INTEGER NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    -- NULL only for the layout's `root` view.
    parent_id INTEGER REFERENCES views (id),
    -- Declaration order within the layout (root is 0).
    ordinal INTEGER NOT NULL,
    -- The frame as drawn, relative to the parent (UIView.frame); NULL = none given.
    frame_x REAL,
    frame_y REAL,
    frame_width REAL,
    frame_height REAL,
    -- AutoresizingMask raw value: left 1, width 2, right 4, top 8, height 16, bottom 32.
    autoresize INTEGER NOT NULL DEFAULT 0 CHECK (autoresize BETWEEN 0 AND 63),
    -- Intrinsic content size; hug/resist are NULL when the view has no `intrinsic`.
    intrinsic_width REAL,
    intrinsic_height REAL,
    hug REAL CHECK (hug BETWEEN 1 AND 1000),
    resist REAL CHECK (resist BETWEEN 1 AND 1000),
    -- Solver component of each of the view's four variables, assigned by the engine.
    comp_left INTEGER,
    comp_top INTEGER,
    comp_width INTEGER,
    comp_height INTEGER,
    UNIQUE (layout_id, name),
    CHECK ((frame_x IS NULL) = (frame_width IS NULL))
) STRICT;
CREATE INDEX views_parent ON views (parent_id);
CREATE INDEX views_layout_ordinal ON views (layout_id, ordinal);
-- "Views with a variable in these components", for re-solving only what is dirty.
-- Partial: a view is inserted unsolved (NULL), so a bulk insert adds no entries here.
CREATE INDEX views_comp_left ON views (layout_id, comp_left) WHERE comp_left IS NOT NULL;
CREATE INDEX views_comp_top ON views (layout_id, comp_top) WHERE comp_top IS NOT NULL;
CREATE INDEX views_comp_width ON views (layout_id, comp_width)
    WHERE comp_width IS NOT NULL;
CREATE INDEX views_comp_height ON views (layout_id, comp_height)
    WHERE comp_height IS NOT NULL;

CREATE TABLE constraints (
    id INTEGER PRIMARY KEY,
    layout_id INTEGER NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
    -- Declaration order within the layout.
    ordinal INTEGER NOT NULL,
    label TEXT,
    relation TEXT NOT NULL CHECK (relation = '==' OR relation = '<=' OR relation = '>='),
    -- The base constant: right side's constant minus left side's.
    constant REAL NOT NULL,
    -- The left side's own constant term, kept so the constraint reads back as written
    -- (the right side's constant is constant + lhs_constant).
    lhs_constant REAL NOT NULL DEFAULT 0,
    priority REAL NOT NULL DEFAULT 1000 CHECK (priority BETWEEN 1 AND 1000),
    active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    kind TEXT NOT NULL DEFAULT 'user' CHECK (kind IN ('user', 'intrinsic')),
    source TEXT NOT NULL DEFAULT '',
    origin_file TEXT,
    origin_line INTEGER,
    origin_column INTEGER,
    -- The first term of each side (coefficient × view.attribute), inline: Auto Layout's
    -- shape has at most one per side, so most constraints need no `constraint_terms` row.
    -- NULL where the side has no term.
    lhs_view_id INTEGER REFERENCES views (id),
    lhs_attribute TEXT CHECK (lhs_attribute = 'left' OR lhs_attribute = 'right'
        OR lhs_attribute = 'top' OR lhs_attribute = 'bottom' OR lhs_attribute = 'width'
        OR lhs_attribute = 'height' OR lhs_attribute = 'centerX' OR lhs_attribute = 'centerY'),
    lhs_coefficient REAL,
    rhs_view_id INTEGER REFERENCES views (id),
    rhs_attribute TEXT CHECK (rhs_attribute = 'left' OR rhs_attribute = 'right'
        OR rhs_attribute = 'top' OR rhs_attribute = 'bottom' OR rhs_attribute = 'width'
        OR rhs_attribute = 'height' OR rhs_attribute = 'centerX' OR rhs_attribute = 'centerY'),
    rhs_coefficient REAL,
    CHECK ((lhs_view_id IS NULL) = (lhs_attribute IS NULL)
        AND (lhs_view_id IS NULL) = (lhs_coefficient IS NULL)),
    CHECK ((rhs_view_id IS NULL) = (rhs_attribute IS NULL)
        AND (rhs_view_id IS NULL) = (rhs_coefficient IS NULL))
) STRICT;
CREATE UNIQUE INDEX constraints_label ON constraints (layout_id, label)
    WHERE label IS NOT NULL;
-- Constraints of a view: foreign-key checks when a view goes, and the constraints of
-- the dirty components' views.
CREATE INDEX constraints_lhs_view ON constraints (lhs_view_id);
CREATE INDEX constraints_rhs_view ON constraints (rhs_view_id);

-- The extra terms of a constraint with more than one term on a side: position 1, 2, ...
-- after the inline term (position 0) of that side. `constraint_terms_all` shows all.
CREATE TABLE constraint_terms (
    constraint_id INTEGER NOT NULL REFERENCES constraints (id) ON DELETE CASCADE,
    side TEXT NOT NULL CHECK (side IN ('lhs', 'rhs')),
    position INTEGER NOT NULL CHECK (position >= 1),
    view_id INTEGER NOT NULL REFERENCES views (id),
    attribute TEXT NOT NULL CHECK (attribute = 'left' OR attribute = 'right'
        OR attribute = 'top' OR attribute = 'bottom' OR attribute = 'width'
        OR attribute = 'height' OR attribute = 'centerX' OR attribute = 'centerY'),
    coefficient REAL NOT NULL,
    PRIMARY KEY (constraint_id, side, position)
) STRICT, WITHOUT ROWID;
CREATE INDEX constraint_terms_view ON constraint_terms (view_id);

-- The solver component of a variable: `right` and `centerX` are expressions of `left`
-- and `width`, which one constraint ties into one component, so comp_left stands for
-- the whole horizontal position (likewise comp_top vertically). Root terms have none:
-- the engine folds the root's variables into constants.
CREATE VIEW constraint_components AS
SELECT
    c.id AS constraint_id,
    c.layout_id AS layout_id,
    (SELECT comp FROM (
        SELECT 0 AS k, 0 AS p, CASE c.lhs_attribute
            WHEN 'width' THEN v.comp_width WHEN 'height' THEN v.comp_height
            WHEN 'top' THEN v.comp_top WHEN 'bottom' THEN v.comp_top
            WHEN 'centerY' THEN v.comp_top ELSE v.comp_left END AS comp
        FROM views v WHERE v.id = c.lhs_view_id AND v.parent_id IS NOT NULL
        UNION ALL
        SELECT CASE t.side WHEN 'lhs' THEN 1 ELSE 3 END, t.position, CASE t.attribute
            WHEN 'width' THEN v.comp_width WHEN 'height' THEN v.comp_height
            WHEN 'top' THEN v.comp_top WHEN 'bottom' THEN v.comp_top
            WHEN 'centerY' THEN v.comp_top ELSE v.comp_left END
        FROM constraint_terms t JOIN views v ON v.id = t.view_id
        WHERE t.constraint_id = c.id AND v.parent_id IS NOT NULL
        UNION ALL
        SELECT 2, 0, CASE c.rhs_attribute
            WHEN 'width' THEN v.comp_width WHEN 'height' THEN v.comp_height
            WHEN 'top' THEN v.comp_top WHEN 'bottom' THEN v.comp_top
            WHEN 'centerY' THEN v.comp_top ELSE v.comp_left END
        FROM views v WHERE v.id = c.rhs_view_id AND v.parent_id IS NOT NULL
        ORDER BY 1, 2 LIMIT 1)
    ) AS component
FROM constraints c;

CREATE TABLE metrics (
    layout_id INTEGER NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    value REAL NOT NULL,
    PRIMARY KEY (layout_id, name)
) STRICT, WITHOUT ROWID;

CREATE TABLE variants (
    id INTEGER PRIMARY KEY CHECK (id >= 1),
    layout_id INTEGER NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
    name TEXT NOT NULL CHECK (name <> 'base'),
    -- NULL = the layout's canvas.
    canvas_width REAL CHECK (canvas_width >= 0),
    canvas_height REAL CHECK (canvas_height >= 0),
    UNIQUE (layout_id, name)
) STRICT;

-- A variant's own constant for one constraint.
CREATE TABLE variant_constants (
    variant_id INTEGER NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
    constraint_id INTEGER NOT NULL REFERENCES constraints (id) ON DELETE CASCADE,
    constant REAL NOT NULL,
    PRIMARY KEY (variant_id, constraint_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX variant_constants_constraint ON variant_constants (constraint_id);

-- Solved frames in the layout's root coordinates; variant_id 0 = base.
CREATE TABLE frames (
    view_id INTEGER NOT NULL REFERENCES views (id) ON DELETE CASCADE,
    variant_id INTEGER NOT NULL DEFAULT 0,
    x REAL NOT NULL,
    y REAL NOT NULL,
    width REAL NOT NULL,
    height REAL NOT NULL,
    ambiguous INTEGER NOT NULL DEFAULT 0 CHECK (ambiguous IN (0, 1)),
    PRIMARY KEY (view_id, variant_id)
) STRICT, WITHOUT ROWID;

-- What must be re-solved: a component (or -1 = everything) of a layout's variant.
CREATE TABLE dirty (
    layout_id INTEGER NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
    variant_id INTEGER NOT NULL DEFAULT 0,
    component INTEGER NOT NULL,
    PRIMARY KEY (layout_id, variant_id, component)
) STRICT, WITHOUT ROWID;

-- ---------------------------------------------------------------------------
-- Dirty-marking triggers. Whole-layout marks go to base and every variant.

-- A constant edit: that constraint's component, for base and every variant that
-- does not override it. Never quiet: `UPDATE constraints SET constant = ...` from
-- sqlite3 is the documented way to edit and must always be seen.
CREATE TRIGGER constraints_constant_dirty
AFTER UPDATE OF constant ON constraints
WHEN NEW.constant IS NOT OLD.constant AND NEW.active = 1
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, coalesce(cc.component, -1)
    FROM constraint_components cc WHERE cc.constraint_id = NEW.id;
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, v.id, coalesce(cc.component, -1)
    FROM variants v JOIN constraint_components cc ON cc.constraint_id = NEW.id
    WHERE v.layout_id = NEW.layout_id
      AND NOT EXISTS (SELECT 1 FROM variant_constants vc
                      WHERE vc.variant_id = v.id AND vc.constraint_id = NEW.id);
END;

-- Terms are structure too: the inline ones are columns of `constraints`.
CREATE TRIGGER constraints_structure_dirty
AFTER UPDATE OF active, priority, relation, layout_id, lhs_view_id, lhs_attribute,
    lhs_coefficient, rhs_view_id, rhs_attribute, rhs_coefficient ON constraints
WHEN (NEW.active IS NOT OLD.active OR NEW.priority IS NOT OLD.priority
      OR NEW.relation IS NOT OLD.relation OR NEW.layout_id IS NOT OLD.layout_id
      OR NEW.lhs_view_id IS NOT OLD.lhs_view_id OR NEW.lhs_attribute IS NOT OLD.lhs_attribute
      OR NEW.lhs_coefficient IS NOT OLD.lhs_coefficient
      OR NEW.rhs_view_id IS NOT OLD.rhs_view_id OR NEW.rhs_attribute IS NOT OLD.rhs_attribute
      OR NEW.rhs_coefficient IS NOT OLD.rhs_coefficient)
  AND (SELECT quiet FROM store_state WHERE id = 1) = 0
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id;
END;

CREATE TRIGGER constraints_insert_dirty
AFTER INSERT ON constraints
WHEN (SELECT quiet FROM store_state WHERE id = 1) = 0
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id;
END;

CREATE TRIGGER constraints_delete_dirty
AFTER DELETE ON constraints
WHEN (SELECT quiet FROM store_state WHERE id = 1) = 0
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT OLD.layout_id, 0, -1
    UNION ALL SELECT OLD.layout_id, id, -1 FROM variants WHERE layout_id = OLD.layout_id;
END;

-- Terms edited by hand change the structure of their layout.
CREATE TRIGGER constraint_terms_insert_dirty
AFTER INSERT ON constraint_terms
WHEN (SELECT quiet FROM store_state WHERE id = 1) = 0
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, 0, -1 FROM constraints c WHERE c.id = NEW.constraint_id
    UNION ALL
    SELECT v.layout_id, v.id, -1 FROM constraints c JOIN variants v ON v.layout_id = c.layout_id
    WHERE c.id = NEW.constraint_id;
END;

CREATE TRIGGER constraint_terms_update_dirty
AFTER UPDATE ON constraint_terms
WHEN (SELECT quiet FROM store_state WHERE id = 1) = 0
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, 0, -1 FROM constraints c WHERE c.id = NEW.constraint_id
    UNION ALL
    SELECT v.layout_id, v.id, -1 FROM constraints c JOIN variants v ON v.layout_id = c.layout_id
    WHERE c.id = NEW.constraint_id;
END;

CREATE TRIGGER constraint_terms_delete_dirty
AFTER DELETE ON constraint_terms
WHEN (SELECT quiet FROM store_state WHERE id = 1) = 0
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, 0, -1 FROM constraints c WHERE c.id = OLD.constraint_id
    UNION ALL
    SELECT v.layout_id, v.id, -1 FROM constraints c JOIN variants v ON v.layout_id = c.layout_id
    WHERE c.id = OLD.constraint_id;
END;

-- A variant's own constant: that variant only, that constraint's component.
CREATE TRIGGER variant_constants_insert_dirty
AFTER INSERT ON variant_constants
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, NEW.variant_id, coalesce(cc.component, -1)
    FROM constraints c JOIN constraint_components cc ON cc.constraint_id = c.id
    WHERE c.id = NEW.constraint_id AND c.active = 1;
END;

CREATE TRIGGER variant_constants_update_dirty
AFTER UPDATE ON variant_constants
WHEN NEW.constant IS NOT OLD.constant OR NEW.constraint_id IS NOT OLD.constraint_id
  OR NEW.variant_id IS NOT OLD.variant_id
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, NEW.variant_id, coalesce(cc.component, -1)
    FROM constraints c JOIN constraint_components cc ON cc.constraint_id = c.id
    WHERE c.id = NEW.constraint_id AND c.active = 1
    UNION ALL
    SELECT c.layout_id, OLD.variant_id, coalesce(cc.component, -1)
    FROM constraints c JOIN constraint_components cc ON cc.constraint_id = c.id
    WHERE c.id = OLD.constraint_id AND c.active = 1;
END;

CREATE TRIGGER variant_constants_delete_dirty
AFTER DELETE ON variant_constants
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, OLD.variant_id, coalesce(cc.component, -1)
    FROM constraints c JOIN variants v ON v.id = OLD.variant_id
    JOIN constraint_components cc ON cc.constraint_id = c.id
    WHERE c.id = OLD.constraint_id AND c.active = 1;
END;

-- Canvas of the layout: base and every variant that inherits the canvas.
CREATE TRIGGER layouts_canvas_dirty
AFTER UPDATE OF canvas_width, canvas_height ON layouts
WHEN NEW.canvas_width IS NOT OLD.canvas_width OR NEW.canvas_height IS NOT OLD.canvas_height
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.id, 0, -1
    UNION ALL
    SELECT NEW.id, id, -1 FROM variants
    WHERE layout_id = NEW.id AND (canvas_width IS NULL OR canvas_height IS NULL);
END;

CREATE TRIGGER layouts_insert_dirty
AFTER INSERT ON layouts
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component) VALUES (NEW.id, 0, -1);
END;

CREATE TRIGGER variants_insert_dirty
AFTER INSERT ON variants
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    VALUES (NEW.layout_id, NEW.id, -1);
END;

CREATE TRIGGER variants_canvas_dirty
AFTER UPDATE OF canvas_width, canvas_height ON variants
WHEN NEW.canvas_width IS NOT OLD.canvas_width OR NEW.canvas_height IS NOT OLD.canvas_height
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    VALUES (NEW.layout_id, NEW.id, -1);
END;

-- Frames and marks of a removed variant go with it (variant_id 0 has no FK target).
CREATE TRIGGER variants_delete_cleanup
AFTER DELETE ON variants
BEGIN
    DELETE FROM frames WHERE variant_id = OLD.id;
    DELETE FROM dirty WHERE variant_id = OLD.id;
END;

-- Views: any change to what the engine reads of a view re-solves the whole layout.
CREATE TRIGGER views_insert_dirty
AFTER INSERT ON views
WHEN (SELECT quiet FROM store_state WHERE id = 1) = 0
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id;
END;

CREATE TRIGGER views_update_dirty
AFTER UPDATE OF parent_id, frame_x, frame_y, frame_width, frame_height, autoresize,
    intrinsic_width, intrinsic_height, hug, resist ON views
WHEN (SELECT quiet FROM store_state WHERE id = 1) = 0
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id;
END;

CREATE TRIGGER views_delete_dirty
AFTER DELETE ON views
WHEN (SELECT quiet FROM store_state WHERE id = 1) = 0
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT OLD.layout_id, 0, -1
    UNION ALL SELECT OLD.layout_id, id, -1 FROM variants WHERE layout_id = OLD.layout_id;
END;

-- ---------------------------------------------------------------------------
-- Read-only SQL surface (a contract, documented in the README).

-- Solved frames, root coordinates (x, y) and relative to the parent (rel_x, rel_y).
-- rel_x/rel_y are computed here from the parent's stored frame, so moving a parent can
-- never leave stale offsets behind. stale = 1 where a dirty mark covers the frame.
CREATE VIEW solved_frames AS
SELECT
    l.name AS layout,
    CASE f.variant_id WHEN 0 THEN 'base' ELSE va.name END AS variant,
    v.name AS view,
    p.name AS parent,
    f.x AS x,
    f.y AS y,
    f.width AS width,
    f.height AS height,
    f.x - coalesce(pf.x, 0) AS rel_x,
    f.y - coalesce(pf.y, 0) AS rel_y,
    f.x AS min_x,
    f.x + f.width / 2 AS mid_x,
    f.x + f.width AS max_x,
    f.y AS min_y,
    f.y + f.height / 2 AS mid_y,
    f.y + f.height AS max_y,
    EXISTS (
        SELECT 1 FROM dirty d
        WHERE d.layout_id = v.layout_id AND d.variant_id = f.variant_id
          AND d.component IN (-1, v.comp_left, v.comp_top, v.comp_width, v.comp_height)
    ) AS stale,
    f.ambiguous AS ambiguous
FROM frames f
JOIN views v ON v.id = f.view_id
JOIN layouts l ON l.id = v.layout_id
LEFT JOIN variants va ON va.id = f.variant_id
LEFT JOIN views p ON p.id = v.parent_id
LEFT JOIN frames pf ON pf.view_id = v.parent_id AND pf.variant_id = f.variant_id;

-- Labelled constraints with their base (variant-free) constant.
CREATE VIEW named_constraints AS
SELECT
    l.name AS layout,
    c.label AS label,
    c.relation AS relation,
    c.constant AS constant,
    c.priority AS priority,
    c.active AS active,
    c.source AS source
FROM constraints c
JOIN layouts l ON l.id = c.layout_id
WHERE c.label IS NOT NULL;

-- Every term of every stored constraint, inline or extra: one row per
-- coefficient × view.attribute; position 0 is the first term of its side.
CREATE VIEW constraint_terms_all AS
SELECT c.id AS constraint_id, 'lhs' AS side, 0 AS position, v.name AS view,
    c.lhs_attribute AS attribute, c.lhs_coefficient AS coefficient, c.lhs_view_id AS view_id
FROM constraints c JOIN views v ON v.id = c.lhs_view_id
UNION ALL
SELECT c.id, 'rhs', 0, v.name, c.rhs_attribute, c.rhs_coefficient, c.rhs_view_id
FROM constraints c JOIN views v ON v.id = c.rhs_view_id
UNION ALL
SELECT t.constraint_id, t.side, t.position, v.name, t.attribute, t.coefficient, t.view_id
FROM constraint_terms t JOIN views v ON v.id = t.view_id;

-- Every constraint the solver sees, stored and generated: a view's intrinsic size
-- yields `width <= W` at its hugging and `width >= W` at its compression-resistance
-- priority (same for height), with kind 'intrinsic' and no id or label.
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
    SELECT id, 'height', '<=', intrinsic_height, hug
    FROM views WHERE intrinsic_height IS NOT NULL AND hug IS NOT NULL
    UNION ALL
    SELECT id, 'height', '>=', intrinsic_height, resist
    FROM views WHERE intrinsic_height IS NOT NULL AND resist IS NOT NULL
) g ON g.view_id = v.id;
