-- layoutdb schema: a layout's solved system kept for constant edits.
--
-- `solve_images` holds, per layout, the base variant's solver input as the engine built
-- it at the layout's last whole solve (`SolveImage`): a constant edit in a new process
-- reads it with one query and rebuilds the solver, instead of loading every view and
-- constraint row of the component and running the engine again. `views` is the number of
-- views in it, read without the image to choose the road.
--
-- An image is the layout's system only while nothing but constants changed: the
-- constant trigger records which constraints changed (`solve_image_constants`, read
-- with the image), and any other base dirty mark drops the image. Those marks are the
-- dirty-marking triggers' own inserts, so the image is invalidated by the same triggers
-- that mark dirt: `dirty.by_constant` tells the constant trigger's marks from the rest,
-- and a BEFORE trigger fires also for a mark that is already there (INSERT OR IGNORE).

CREATE TABLE solve_images (
    layout_id INTEGER PRIMARY KEY REFERENCES layouts (id) ON DELETE CASCADE,
    views INTEGER NOT NULL,
    image BLOB NOT NULL
) STRICT;

CREATE TABLE solve_image_constants (
    layout_id INTEGER NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
    constraint_id INTEGER NOT NULL,
    PRIMARY KEY (layout_id, constraint_id)
) STRICT, WITHOUT ROWID;

ALTER TABLE dirty ADD COLUMN by_constant INTEGER NOT NULL DEFAULT 0
    CHECK (by_constant = 0 OR by_constant = 1);

DROP TRIGGER constraints_constant_dirty;

-- As 0001's, and the changed constraint is recorded for the layout's image.
CREATE TRIGGER constraints_constant_dirty
AFTER UPDATE OF constant ON constraints
WHEN NEW.constant IS NOT OLD.constant AND NEW.active = 1
BEGIN
    INSERT OR IGNORE INTO solve_image_constants (layout_id, constraint_id)
    SELECT NEW.layout_id, NEW.id
    WHERE EXISTS (SELECT 1 FROM solve_images WHERE layout_id = NEW.layout_id);
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component, by_constant)
    SELECT NEW.layout_id, 0, coalesce(cc.component, -1), 1
    FROM constraint_components cc WHERE cc.constraint_id = NEW.id;
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component, by_constant)
    SELECT NEW.layout_id, v.id, coalesce(cc.component, -1), 1
    FROM variants v JOIN constraint_components cc ON cc.constraint_id = NEW.id
    WHERE v.layout_id = NEW.layout_id
      AND NOT EXISTS (SELECT 1 FROM variant_constants vc
                      WHERE vc.variant_id = v.id AND vc.constraint_id = NEW.id);
END;

-- Any other mark of the base: the image no longer says the layout's system.
CREATE TRIGGER dirty_drops_solve_image
BEFORE INSERT ON dirty
WHEN NEW.variant_id = 0 AND NEW.by_constant = 0
BEGIN
    DELETE FROM solve_images WHERE layout_id = NEW.layout_id;
    DELETE FROM solve_image_constants WHERE layout_id = NEW.layout_id;
END;
