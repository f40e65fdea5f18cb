-- layoutdb schema: the marking triggers keep their marks under any conflict clause of the
-- statement that fires them.
--
-- They wrote `INSERT OR IGNORE INTO dirty`, and SQLite lets the firing statement's own
-- conflict clause override a trigger's `OR`: an UPSERT (`INSERT ... ON CONFLICT DO UPDATE`)
-- of a variant's override made the trigger's insert of an existing mark fail ("UNIQUE
-- constraint failed: dirty..."), and an `UPDATE OR REPLACE` made it replace a mark, so a
-- mark for a whole component could become one for its constants only. An upsert clause
-- in the trigger (`ON CONFLICT DO NOTHING`) is the trigger's own and is not overridden.
-- The triggers are made again with it, in the order they were made, and otherwise as
-- they were. (An INSERT ... SELECT that ends in a FROM clause takes `WHERE true` before
-- the clause: there `ON` would be read as a join's.)

DROP TRIGGER variant_constants_insert_dirty;
CREATE TRIGGER variant_constants_insert_dirty
AFTER INSERT ON variant_constants
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, NEW.variant_id, coalesce(cc.component, -1)
    FROM constraints c JOIN constraint_components cc ON cc.constraint_id = c.id
    WHERE c.id = NEW.constraint_id AND c.active = 1
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_constants_update_dirty;
CREATE TRIGGER variant_constants_update_dirty
AFTER UPDATE ON variant_constants
WHEN NEW.constant IS NOT OLD.constant OR NEW.constraint_id IS NOT OLD.constraint_id
  OR NEW.variant_id IS NOT OLD.variant_id
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, NEW.variant_id, coalesce(cc.component, -1)
    FROM constraints c JOIN constraint_components cc ON cc.constraint_id = c.id
    WHERE c.id = NEW.constraint_id AND c.active = 1
    UNION ALL
    SELECT c.layout_id, OLD.variant_id, coalesce(cc.component, -1)
    FROM constraints c JOIN constraint_components cc ON cc.constraint_id = c.id
    WHERE c.id = OLD.constraint_id AND c.active = 1
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_constants_delete_dirty;
CREATE TRIGGER variant_constants_delete_dirty
AFTER DELETE ON variant_constants
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, OLD.variant_id, coalesce(cc.component, -1)
    FROM constraints c JOIN variants v ON v.id = OLD.variant_id
    JOIN constraint_components cc ON cc.constraint_id = c.id
    WHERE c.id = OLD.constraint_id AND c.active = 1
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER layouts_canvas_dirty;
CREATE TRIGGER layouts_canvas_dirty
AFTER UPDATE OF canvas_width, canvas_height ON layouts
WHEN NEW.canvas_width IS NOT OLD.canvas_width OR NEW.canvas_height IS NOT OLD.canvas_height
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.id, 0, -1
    UNION ALL
    SELECT NEW.id, id, -1 FROM variants
    WHERE layout_id = NEW.id AND (canvas_width IS NULL OR canvas_height IS NULL)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER layouts_insert_dirty;
CREATE TRIGGER layouts_insert_dirty
AFTER INSERT ON layouts
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component) VALUES (NEW.id, 0, -1)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variants_insert_dirty;
CREATE TRIGGER variants_insert_dirty
AFTER INSERT ON variants
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    VALUES (NEW.layout_id, NEW.id, -1)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variants_canvas_dirty;
CREATE TRIGGER variants_canvas_dirty
AFTER UPDATE OF canvas_width, canvas_height ON variants
WHEN NEW.canvas_width IS NOT OLD.canvas_width OR NEW.canvas_height IS NOT OLD.canvas_height
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    VALUES (NEW.layout_id, NEW.id, -1)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraints_insert_dirty;
CREATE TRIGGER constraints_insert_dirty
AFTER INSERT ON constraints
WHEN NEW.active = 1
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, va.id, m.component
    FROM (SELECT coalesce(component, -1) AS component FROM constraint_term_components
          WHERE constraint_id = NEW.id
          UNION ALL SELECT -1 WHERE NOT EXISTS
              (SELECT 1 FROM constraint_term_components WHERE constraint_id = NEW.id)) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = NEW.layout_id) va
    WHERE true
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraints_delete_dirty;
CREATE TRIGGER constraints_delete_dirty
BEFORE DELETE ON constraints
WHEN OLD.active = 1
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT OLD.layout_id, va.id, m.component
    FROM (SELECT coalesce(component, -1) AS component FROM constraint_term_components
          WHERE constraint_id = OLD.id
          UNION ALL SELECT -1 WHERE NOT EXISTS
              (SELECT 1 FROM constraint_term_components WHERE constraint_id = OLD.id)) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = OLD.layout_id) va
    WHERE true
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraints_holding_dirty;
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
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, va.id, m.component
    FROM (SELECT coalesce(component, -1) AS component FROM constraint_term_components
          WHERE constraint_id = NEW.id
          UNION ALL SELECT -1 WHERE NOT EXISTS
              (SELECT 1 FROM constraint_term_components WHERE constraint_id = NEW.id)) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = NEW.layout_id) va
    WHERE true
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraints_structure_dirty;
CREATE TRIGGER constraints_structure_dirty
AFTER UPDATE OF layout_id, lhs_view_id, lhs_attribute, rhs_view_id, rhs_attribute ON constraints
WHEN NEW.layout_id IS NOT OLD.layout_id
  OR NEW.lhs_view_id IS NOT OLD.lhs_view_id OR NEW.lhs_attribute IS NOT OLD.lhs_attribute
  OR NEW.rhs_view_id IS NOT OLD.rhs_view_id OR NEW.rhs_attribute IS NOT OLD.rhs_attribute
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraint_terms_insert_dirty;
CREATE TRIGGER constraint_terms_insert_dirty
AFTER INSERT ON constraint_terms
WHEN EXISTS (SELECT 1 FROM constraints WHERE id = NEW.constraint_id AND active = 1)
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id), va.id, m.component
    FROM (SELECT coalesce(component, -1) AS component FROM constraint_term_components
          WHERE constraint_id = NEW.constraint_id
          UNION ALL SELECT -1 WHERE NOT EXISTS
              (SELECT 1 FROM constraint_term_components WHERE constraint_id = NEW.constraint_id)) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id)) va
    WHERE true
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraint_terms_update_dirty;
CREATE TRIGGER constraint_terms_update_dirty
AFTER UPDATE ON constraint_terms
WHEN EXISTS (SELECT 1 FROM constraints WHERE id = NEW.constraint_id AND active = 1)
  OR EXISTS (SELECT 1 FROM constraints WHERE id = OLD.constraint_id AND active = 1)
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id), va.id, m.component
    FROM (SELECT coalesce(component, -1) AS component FROM constraint_term_components
          WHERE constraint_id = NEW.constraint_id
          UNION ALL SELECT -1 WHERE NOT EXISTS
              (SELECT 1 FROM constraint_term_components WHERE constraint_id = NEW.constraint_id)) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id)) va
    WHERE true
    ON CONFLICT DO NOTHING;
    INSERT INTO dirty (layout_id, variant_id, component)
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
    WHERE v.id = OLD.view_id AND v.parent_id IS NOT NULL
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraint_terms_delete_dirty;
CREATE TRIGGER constraint_terms_delete_dirty
AFTER DELETE ON constraint_terms
WHEN NOT EXISTS (SELECT 1 FROM constraints WHERE id = OLD.constraint_id AND active = 0)
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
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
    WHERE v.id = OLD.view_id AND v.parent_id IS NOT NULL
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER views_insert_dirty;
CREATE TRIGGER views_insert_dirty
AFTER INSERT ON views
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER views_delete_dirty;
CREATE TRIGGER views_delete_dirty
AFTER DELETE ON views
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT OLD.layout_id, 0, -1
    UNION ALL SELECT OLD.layout_id, id, -1 FROM variants WHERE layout_id = OLD.layout_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER layouts_vocabulary_dirty;
CREATE TRIGGER layouts_vocabulary_dirty
AFTER UPDATE OF safe_top, safe_left, safe_bottom, safe_right, direction ON layouts
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.id, 0, -1
    UNION ALL SELECT NEW.id, id, -1 FROM variants WHERE layout_id = NEW.id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variants_vocabulary_dirty;
CREATE TRIGGER variants_vocabulary_dirty
AFTER UPDATE OF safe_top, safe_left, safe_bottom, safe_right, direction ON variants
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    VALUES (NEW.layout_id, NEW.id, -1)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraints_anchor_dirty;
CREATE TRIGGER constraints_anchor_dirty
AFTER UPDATE OF lhs_anchor, rhs_anchor ON constraints
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraint_terms_anchor_dirty;
CREATE TRIGGER constraint_terms_anchor_dirty
AFTER UPDATE OF anchor ON constraint_terms
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, 0, -1 FROM constraints c WHERE c.id = NEW.constraint_id
    UNION ALL SELECT c.layout_id, va.id, -1 FROM constraints c
        JOIN variants va ON va.layout_id = c.layout_id WHERE c.id = NEW.constraint_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_constraint_overrides_insert_dirty;
CREATE TRIGGER variant_constraint_overrides_insert_dirty
AFTER INSERT ON variant_constraint_overrides
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = NEW.variant_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_constraint_overrides_update_dirty;
CREATE TRIGGER variant_constraint_overrides_update_dirty
AFTER UPDATE ON variant_constraint_overrides
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id IN (NEW.variant_id, OLD.variant_id)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_constraint_overrides_delete_dirty;
CREATE TRIGGER variant_constraint_overrides_delete_dirty
AFTER DELETE ON variant_constraint_overrides
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = OLD.variant_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_intrinsics_insert_dirty;
CREATE TRIGGER variant_intrinsics_insert_dirty
AFTER INSERT ON variant_intrinsics
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = NEW.variant_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_intrinsics_update_dirty;
CREATE TRIGGER variant_intrinsics_update_dirty
AFTER UPDATE ON variant_intrinsics
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id IN (NEW.variant_id, OLD.variant_id)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_intrinsics_delete_dirty;
CREATE TRIGGER variant_intrinsics_delete_dirty
AFTER DELETE ON variant_intrinsics
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = OLD.variant_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER layouts_fit_dirty;
CREATE TRIGGER layouts_fit_dirty
AFTER UPDATE OF fit_width, fit_height ON layouts
WHEN NEW.fit_width IS NOT OLD.fit_width OR NEW.fit_height IS NOT OLD.fit_height
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.id, 0, -1
    UNION ALL
    SELECT NEW.id, id, -1 FROM variants
    WHERE layout_id = NEW.id AND (fit_width IS NULL OR fit_height IS NULL)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variants_fit_dirty;
CREATE TRIGGER variants_fit_dirty
AFTER UPDATE OF fit_width, fit_height ON variants
WHEN NEW.fit_width IS NOT OLD.fit_width OR NEW.fit_height IS NOT OLD.fit_height
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    VALUES (NEW.layout_id, NEW.id, -1)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER stacks_insert_dirty;
CREATE TRIGGER stacks_insert_dirty
AFTER INSERT ON stacks
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT v.layout_id, 0, -1 FROM views v WHERE v.id = NEW.view_id
    UNION ALL SELECT va.layout_id, va.id, -1 FROM views v
        JOIN variants va ON va.layout_id = v.layout_id WHERE v.id = NEW.view_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER stacks_update_dirty;
CREATE TRIGGER stacks_update_dirty
AFTER UPDATE ON stacks
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT v.layout_id, 0, -1 FROM views v WHERE v.id = NEW.view_id
    UNION ALL SELECT va.layout_id, va.id, -1 FROM views v
        JOIN variants va ON va.layout_id = v.layout_id WHERE v.id = NEW.view_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER stacks_delete_dirty;
CREATE TRIGGER stacks_delete_dirty
AFTER DELETE ON stacks
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT v.layout_id, 0, -1 FROM views v WHERE v.id = OLD.view_id
    UNION ALL SELECT va.layout_id, va.id, -1 FROM views v
        JOIN variants va ON va.layout_id = v.layout_id WHERE v.id = OLD.view_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER views_hidden_dirty;
CREATE TRIGGER views_hidden_dirty
AFTER UPDATE OF hidden ON views
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_views_insert_dirty;
CREATE TRIGGER variant_views_insert_dirty
AFTER INSERT ON variant_views
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = NEW.variant_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_views_update_dirty;
CREATE TRIGGER variant_views_update_dirty
AFTER UPDATE ON variant_views
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = NEW.variant_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_views_delete_dirty;
CREATE TRIGGER variant_views_delete_dirty
AFTER DELETE ON variant_views
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT layout_id, id, -1 FROM variants WHERE id = OLD.variant_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER views_parent_dirty;
CREATE TRIGGER views_parent_dirty
AFTER UPDATE OF parent_id ON views
WHEN NEW.parent_id IS NOT OLD.parent_id
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, 0, -1
    UNION ALL SELECT NEW.layout_id, id, -1 FROM variants WHERE layout_id = NEW.layout_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER views_update_dirty;
CREATE TRIGGER views_update_dirty
AFTER UPDATE OF frame_x, frame_y, frame_width, frame_height, autoresize, intrinsic_width,
    intrinsic_height, hug, resist, kind, margin_top, margin_left, margin_bottom, margin_right,
    baseline_first, baseline_last, hug_vertical, resist_vertical ON views
WHEN NEW.parent_id IS OLD.parent_id
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
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
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = NEW.layout_id) va
    WHERE true
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraints_constant_dirty;
CREATE TRIGGER constraints_constant_dirty
AFTER UPDATE OF constant ON constraints
WHEN NEW.constant IS NOT OLD.constant AND NEW.active = 1
BEGIN
    INSERT INTO solve_image_constants (layout_id, constraint_id)
    SELECT NEW.layout_id, NEW.id
    WHERE EXISTS (SELECT 1 FROM solve_images WHERE layout_id = NEW.layout_id)
    ON CONFLICT DO NOTHING;
    INSERT INTO dirty (layout_id, variant_id, component, by_constant)
    SELECT NEW.layout_id, 0, coalesce(cc.component, -1), 1
    FROM constraint_components cc WHERE cc.constraint_id = NEW.id
    ON CONFLICT DO NOTHING;
    INSERT INTO dirty (layout_id, variant_id, component, by_constant)
    SELECT NEW.layout_id, v.id, coalesce(cc.component, -1), 1
    FROM variants v JOIN constraint_components cc ON cc.constraint_id = NEW.id
    WHERE v.layout_id = NEW.layout_id
      AND NOT EXISTS (SELECT 1 FROM variant_constants vc
                      WHERE vc.variant_id = v.id AND vc.constraint_id = NEW.id)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraints_insert_mentions_dirty;
CREATE TRIGGER constraints_insert_mentions_dirty
AFTER INSERT ON constraints
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, va.id, vc.component
    FROM view_components vc,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = NEW.layout_id) va
    WHERE vc.view_id IN (NEW.lhs_view_id, NEW.rhs_view_id)
      AND NOT EXISTS (SELECT 1 FROM constraints c
                      WHERE c.lhs_view_id = vc.view_id AND c.id <> NEW.id)
      AND NOT EXISTS (SELECT 1 FROM constraints c
                      WHERE c.rhs_view_id = vc.view_id AND c.id <> NEW.id)
      AND NOT EXISTS (SELECT 1 FROM constraint_terms t
                      WHERE t.view_id = vc.view_id AND t.constraint_id <> NEW.id)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraints_delete_mentions_dirty;
CREATE TRIGGER constraints_delete_mentions_dirty
AFTER DELETE ON constraints
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT OLD.layout_id, va.id, vc.component
    FROM view_components vc,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = OLD.layout_id) va
    WHERE vc.view_id IN (OLD.lhs_view_id, OLD.rhs_view_id)
      AND NOT EXISTS (SELECT 1 FROM constraints c WHERE c.lhs_view_id = vc.view_id)
      AND NOT EXISTS (SELECT 1 FROM constraints c WHERE c.rhs_view_id = vc.view_id)
      AND NOT EXISTS (SELECT 1 FROM constraint_terms t
                      WHERE t.view_id = vc.view_id AND t.constraint_id <> OLD.id)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraint_terms_insert_mentions_dirty;
CREATE TRIGGER constraint_terms_insert_mentions_dirty
AFTER INSERT ON constraint_terms
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT vc.layout_id, va.id, vc.component
    FROM view_components vc,
        (SELECT 0 AS id UNION ALL SELECT v.id FROM variants v JOIN views w
         ON w.id = NEW.view_id AND v.layout_id = w.layout_id) va
    WHERE vc.view_id = NEW.view_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraint_terms_update_mentions_dirty;
CREATE TRIGGER constraint_terms_update_mentions_dirty
AFTER UPDATE OF view_id ON constraint_terms
WHEN NEW.view_id IS NOT OLD.view_id
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT vc.layout_id, va.id, vc.component
    FROM view_components vc,
        (SELECT 0 AS id UNION ALL SELECT v.id FROM variants v JOIN views w
         ON w.id IN (NEW.view_id, OLD.view_id) AND v.layout_id = w.layout_id) va
    WHERE vc.view_id IN (NEW.view_id, OLD.view_id)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraint_terms_delete_mentions_dirty;
CREATE TRIGGER constraint_terms_delete_mentions_dirty
AFTER DELETE ON constraint_terms
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT vc.layout_id, va.id, vc.component
    FROM view_components vc,
        (SELECT 0 AS id UNION ALL SELECT v.id FROM variants v JOIN views w
         ON w.id = OLD.view_id AND v.layout_id = w.layout_id) va
    WHERE vc.view_id = OLD.view_id
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraints_variant_active_dirty;
CREATE TRIGGER constraints_variant_active_dirty
AFTER UPDATE OF constant, priority, relation, lhs_coefficient, rhs_coefficient ON constraints
WHEN NEW.active = 0 AND OLD.active = 0
  AND (NEW.constant IS NOT OLD.constant OR NEW.priority IS NOT OLD.priority
       OR NEW.relation IS NOT OLD.relation OR NEW.lhs_coefficient IS NOT OLD.lhs_coefficient
       OR NEW.rhs_coefficient IS NOT OLD.rhs_coefficient)
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, o.variant_id, -1 FROM variant_constraint_overrides o
    WHERE o.constraint_id = NEW.id AND o.active = 1
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraint_terms_insert_variant_active_dirty;
CREATE TRIGGER constraint_terms_insert_variant_active_dirty
AFTER INSERT ON constraint_terms
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, o.variant_id, -1
    FROM constraints c JOIN variant_constraint_overrides o ON o.constraint_id = c.id
    WHERE c.id = NEW.constraint_id AND c.active = 0 AND o.active = 1
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraint_terms_update_variant_active_dirty;
CREATE TRIGGER constraint_terms_update_variant_active_dirty
AFTER UPDATE ON constraint_terms
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, o.variant_id, -1
    FROM constraints c JOIN variant_constraint_overrides o ON o.constraint_id = c.id
    WHERE c.id IN (NEW.constraint_id, OLD.constraint_id) AND c.active = 0 AND o.active = 1
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER constraint_terms_delete_variant_active_dirty;
CREATE TRIGGER constraint_terms_delete_variant_active_dirty
AFTER DELETE ON constraint_terms
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, o.variant_id, -1
    FROM constraints c JOIN variant_constraint_overrides o ON o.constraint_id = c.id
    WHERE c.id = OLD.constraint_id AND c.active = 0 AND o.active = 1
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_constants_insert_variant_active_dirty;
CREATE TRIGGER variant_constants_insert_variant_active_dirty
AFTER INSERT ON variant_constants
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, NEW.variant_id, -1
    FROM constraints c JOIN variant_constraint_overrides o
        ON o.constraint_id = c.id AND o.variant_id = NEW.variant_id
    WHERE c.id = NEW.constraint_id AND c.active = 0 AND o.active = 1
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_constants_update_variant_active_dirty;
CREATE TRIGGER variant_constants_update_variant_active_dirty
AFTER UPDATE ON variant_constants
WHEN NEW.constant IS NOT OLD.constant OR NEW.constraint_id IS NOT OLD.constraint_id
  OR NEW.variant_id IS NOT OLD.variant_id
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, o.variant_id, -1
    FROM constraints c JOIN variant_constraint_overrides o ON o.constraint_id = c.id
    WHERE ((c.id = NEW.constraint_id AND o.variant_id = NEW.variant_id)
           OR (c.id = OLD.constraint_id AND o.variant_id = OLD.variant_id))
      AND c.active = 0 AND o.active = 1
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER variant_constants_delete_variant_active_dirty;
CREATE TRIGGER variant_constants_delete_variant_active_dirty
AFTER DELETE ON variant_constants
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, OLD.variant_id, -1
    FROM constraints c JOIN variant_constraint_overrides o
        ON o.constraint_id = c.id AND o.variant_id = OLD.variant_id
    WHERE c.id = OLD.constraint_id AND c.active = 0 AND o.active = 1
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER views_ordinal_stack_dirty;
CREATE TRIGGER views_ordinal_stack_dirty
AFTER UPDATE OF ordinal ON views
WHEN NEW.ordinal IS NOT OLD.ordinal
    AND EXISTS (SELECT 1 FROM stacks WHERE view_id = NEW.parent_id)
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, va.id, -1
    FROM (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = NEW.layout_id) va
    WHERE NOT EXISTS (SELECT 1 FROM dirty d
                      WHERE d.layout_id = NEW.layout_id AND d.variant_id = va.id
                        AND d.component = -1)
    ON CONFLICT DO NOTHING;
END;

DROP TRIGGER views_ordinal_dirty;
CREATE TRIGGER views_ordinal_dirty
AFTER UPDATE OF ordinal ON views
WHEN NEW.ordinal IS NOT OLD.ordinal AND NEW.parent_id IS NOT NULL
BEGIN
    INSERT INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, va.id, m.component
    FROM (SELECT coalesce(comp_left, -1) AS component FROM views WHERE id = NEW.id
          UNION SELECT coalesce(comp_top, -1) FROM views WHERE id = NEW.id
          UNION SELECT coalesce(comp_width, -1) FROM views WHERE id = NEW.id
          UNION SELECT coalesce(comp_height, -1) FROM views WHERE id = NEW.id) m,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = NEW.layout_id) va
    WHERE true
    ON CONFLICT DO NOTHING;
END;
