-- layoutdb schema: variants that override more than constants (priority, activation,
-- intrinsic size), fitted canvases, and all_constraints' vertical priorities.
--
-- Everything is added (tables, columns, triggers), so queries written for the earlier
-- schema keep working. Dirty marks stay in triggers: an override marks only the variant
-- it belongs to, whole (an override can join or split solver components, which are
-- shared by the variants that only change constants).

-- `priority LABEL P in V`, `activate LABEL in V`, `deactivate LABEL in V`: per variant and
-- constraint, the priority and the active flag the variant uses (NULL: the base's).
CREATE TABLE variant_constraint_overrides (
    variant_id INTEGER NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
    constraint_id INTEGER NOT NULL REFERENCES constraints (id) ON DELETE CASCADE,
    priority REAL CHECK (priority BETWEEN 1 AND 1000),
    active INTEGER CHECK (active IN (0, 1)),
    PRIMARY KEY (variant_id, constraint_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX variant_constraint_overrides_constraint
    ON variant_constraint_overrides (constraint_id);

-- `intrinsic VIEW W H [hug ...] [resist ...] in V`: the view's intrinsic size in one
-- variant, all of it (NULL width and height: no intrinsic size in that variant).
CREATE TABLE variant_intrinsics (
    variant_id INTEGER NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
    view_id INTEGER NOT NULL REFERENCES views (id) ON DELETE CASCADE,
    intrinsic_width REAL CHECK (intrinsic_width >= 0),
    intrinsic_height REAL CHECK (intrinsic_height >= 0),
    hug REAL NOT NULL CHECK (hug BETWEEN 1 AND 1000),
    resist REAL NOT NULL CHECK (resist BETWEEN 1 AND 1000),
    hug_vertical REAL NOT NULL CHECK (hug_vertical BETWEEN 1 AND 1000),
    resist_vertical REAL NOT NULL CHECK (resist_vertical BETWEEN 1 AND 1000),
    PRIMARY KEY (variant_id, view_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX variant_intrinsics_view ON variant_intrinsics (view_id);

-- `canvas W fit`, `canvas fit H`, `canvas fit fit`: the dimension is solved, pulled toward
-- 0 at priority 50 (systemLayoutSizeFitting, compressed). A variant's NULL: the layout's.
ALTER TABLE layouts ADD COLUMN fit_width INTEGER NOT NULL DEFAULT 0 CHECK (fit_width IN (0, 1));
ALTER TABLE layouts ADD COLUMN fit_height INTEGER NOT NULL DEFAULT 0
    CHECK (fit_height IN (0, 1));
ALTER TABLE variants ADD COLUMN fit_width INTEGER CHECK (fit_width IN (0, 1));
ALTER TABLE variants ADD COLUMN fit_height INTEGER CHECK (fit_height IN (0, 1));

-- With foreign keys off (plain SQL), the cascades above do nothing: removed constraints,
-- views and variants take their overrides with them here.
CREATE TRIGGER constraints_delete_overrides
AFTER DELETE ON constraints
BEGIN
    DELETE FROM variant_constraint_overrides WHERE constraint_id = OLD.id;
END;

CREATE TRIGGER views_delete_intrinsics
AFTER DELETE ON views
BEGIN
    DELETE FROM variant_intrinsics WHERE view_id = OLD.id;
END;

CREATE TRIGGER variants_delete_overrides
AFTER DELETE ON variants
BEGIN
    DELETE FROM variant_constraint_overrides WHERE variant_id = OLD.id;
    DELETE FROM variant_intrinsics WHERE variant_id = OLD.id;
END;

-- An override marks its own variant (whole); a removed variant has no marks to make.
CREATE TRIGGER variant_constraint_overrides_insert_dirty
AFTER INSERT ON variant_constraint_overrides
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = NEW.variant_id;
END;

CREATE TRIGGER variant_constraint_overrides_update_dirty
AFTER UPDATE ON variant_constraint_overrides
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id IN (NEW.variant_id, OLD.variant_id);
END;

CREATE TRIGGER variant_constraint_overrides_delete_dirty
AFTER DELETE ON variant_constraint_overrides
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = OLD.variant_id;
END;

CREATE TRIGGER variant_intrinsics_insert_dirty
AFTER INSERT ON variant_intrinsics
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = NEW.variant_id;
END;

CREATE TRIGGER variant_intrinsics_update_dirty
AFTER UPDATE ON variant_intrinsics
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id IN (NEW.variant_id, OLD.variant_id);
END;

CREATE TRIGGER variant_intrinsics_delete_dirty
AFTER DELETE ON variant_intrinsics
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = OLD.variant_id;
END;

-- Fitting the layout's canvas: the base and every variant that inherits it; a variant's
-- own: that variant.
CREATE TRIGGER layouts_fit_dirty
AFTER UPDATE OF fit_width, fit_height ON layouts
WHEN NEW.fit_width IS NOT OLD.fit_width OR NEW.fit_height IS NOT OLD.fit_height
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.id, 0, -1
    UNION ALL
    SELECT NEW.id, id, -1 FROM variants
    WHERE layout_id = NEW.id AND (fit_width IS NULL OR fit_height IS NULL);
END;

CREATE TRIGGER variants_fit_dirty
AFTER UPDATE OF fit_width, fit_height ON variants
WHEN NEW.fit_width IS NOT OLD.fit_width OR NEW.fit_height IS NOT OLD.fit_height
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    VALUES (NEW.layout_id, NEW.id, -1);
END;

-- all_constraints as in 0001, with a height's generated constraints at the view's
-- vertical hugging and compression resistance (0005's per-axis priorities; NULL there
-- means the same as the horizontal one).
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
) g ON g.view_id = v.id;
