-- layoutdb schema: a view's row marks only the components it feeds.
--
-- What the engine reads of a view's row (its drawn frame, autoresizing, intrinsic size
-- with hugging and resistance, margins, baselines, kind) becomes constraints over the
-- view's own four variables and its parent's (fallbacks and autoresizing are relative
-- to the parent), and its drawn frame is the size its subviews' autoresizing shares
-- out. Every such constraint lies in a component of one of those views' variables, so
-- a change marks those components, for the base and every variant, as the constraint
-- triggers of 0003 do. The root's row (its margins; its frame is the canvas) is folded
-- into constants of any constraint anywhere, and a view not solved yet has no
-- components: those mark the whole layout. Re-parenting a view changes what its whole
-- subtree is relative to: the whole layout too.

DROP TRIGGER views_update_dirty;
DROP TRIGGER views_vocabulary_dirty;

CREATE TRIGGER views_parent_dirty
AFTER UPDATE OF parent_id ON views
WHEN NEW.parent_id IS NOT OLD.parent_id
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id;
END;

CREATE TRIGGER views_update_dirty
AFTER UPDATE OF frame_x, frame_y, frame_width, frame_height, autoresize, intrinsic_width,
    intrinsic_height, hug, resist, kind, margin_top, margin_left, margin_bottom, margin_right,
    baseline_first, baseline_last, hug_vertical, resist_vertical ON views
WHEN NEW.parent_id IS OLD.parent_id
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, va.id, m.component
    FROM (SELECT coalesce(v.comp_left, -1) AS component FROM views v
          WHERE (v.id = NEW.id OR v.id = NEW.parent_id OR v.parent_id = NEW.id)
            AND v.parent_id IS NOT NULL
          UNION SELECT coalesce(v.comp_top, -1) FROM views v
          WHERE (v.id = NEW.id OR v.id = NEW.parent_id OR v.parent_id = NEW.id)
            AND v.parent_id IS NOT NULL
          UNION SELECT coalesce(v.comp_width, -1) FROM views v
          WHERE (v.id = NEW.id OR v.id = NEW.parent_id OR v.parent_id = NEW.id)
            AND v.parent_id IS NOT NULL
          UNION SELECT coalesce(v.comp_height, -1) FROM views v
          WHERE (v.id = NEW.id OR v.id = NEW.parent_id OR v.parent_id = NEW.id)
            AND v.parent_id IS NOT NULL
          UNION SELECT -1 WHERE NEW.parent_id IS NULL) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = NEW.layout_id) va;
END;
