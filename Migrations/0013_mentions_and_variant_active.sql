-- layoutdb schema: dirty marks for two edits the earlier triggers missed.
--
-- 1. A view's mentions. The engine holds a view that no constraint mentions to its drawn
--    frame by springs and struts (required, following its parent's size), and a view
--    that one mentions by fallbacks below every user priority (LayoutEngine). A
--    constraint's first mention of a view, or its last, therefore changes what is
--    generated for all four of the view's variables, not only for the attributes the
--    constraint names: removing `v2.leading == v0.leading` gives `v0` back its drawn `y`.
--    The triggers below mark all four components of such a view, whether the constraint
--    is active or not (an inactive constraint still mentions its views). A view whose
--    mentions stay (another constraint names it too) is left to the precise marks of
--    0003. `view_components` is a view's four components, -1 where one is not stored.
--
-- 2. A constraint off in the base but on in a variant (`deactivate w`, `activate w in
--    v`). The marking triggers of 0001-0011 look at `constraints.active`, the base's
--    state, and so skipped every change to such a constraint: `set-constant w 60` left
--    `v` stale. Its changes now mark the variants that turn it on, whole (this is rare,
--    and the variant's components are not the base's).
--
-- Nothing is solved here: no existing mark changes.

CREATE VIEW view_components AS
SELECT id AS view_id, layout_id, coalesce(comp_left, -1) AS component
FROM views WHERE parent_id IS NOT NULL
UNION ALL
SELECT id, layout_id, coalesce(comp_top, -1) FROM views WHERE parent_id IS NOT NULL
UNION ALL
SELECT id, layout_id, coalesce(comp_width, -1) FROM views WHERE parent_id IS NOT NULL
UNION ALL
SELECT id, layout_id, coalesce(comp_height, -1) FROM views WHERE parent_id IS NOT NULL;

-- A view the new constraint mentions and no other constraint does.
CREATE TRIGGER constraints_insert_mentions_dirty
AFTER INSERT ON constraints
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, va.id, vc.component
    FROM view_components vc,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = NEW.layout_id) va
    WHERE vc.view_id IN (NEW.lhs_view_id, NEW.rhs_view_id)
      AND NOT EXISTS (SELECT 1 FROM constraints c
                      WHERE c.lhs_view_id = vc.view_id AND c.id <> NEW.id)
      AND NOT EXISTS (SELECT 1 FROM constraints c
                      WHERE c.rhs_view_id = vc.view_id AND c.id <> NEW.id)
      AND NOT EXISTS (SELECT 1 FROM constraint_terms t
                      WHERE t.view_id = vc.view_id AND t.constraint_id <> NEW.id);
END;

-- A view the removed constraint mentioned and no other constraint does.
CREATE TRIGGER constraints_delete_mentions_dirty
AFTER DELETE ON constraints
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT OLD.layout_id, va.id, vc.component
    FROM view_components vc,
        (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = OLD.layout_id) va
    WHERE vc.view_id IN (OLD.lhs_view_id, OLD.rhs_view_id)
      AND NOT EXISTS (SELECT 1 FROM constraints c WHERE c.lhs_view_id = vc.view_id)
      AND NOT EXISTS (SELECT 1 FROM constraints c WHERE c.rhs_view_id = vc.view_id)
      AND NOT EXISTS (SELECT 1 FROM constraint_terms t
                      WHERE t.view_id = vc.view_id AND t.constraint_id <> OLD.id);
END;

-- Further terms (`constraint_terms`) are rare: the view a term names or named is marked
-- whatever its other mentions.
CREATE TRIGGER constraint_terms_insert_mentions_dirty
AFTER INSERT ON constraint_terms
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT vc.layout_id, va.id, vc.component
    FROM view_components vc,
        (SELECT 0 AS id UNION ALL SELECT v.id FROM variants v JOIN views w
         ON w.id = NEW.view_id AND v.layout_id = w.layout_id) va
    WHERE vc.view_id = NEW.view_id;
END;

CREATE TRIGGER constraint_terms_update_mentions_dirty
AFTER UPDATE OF view_id ON constraint_terms
WHEN NEW.view_id IS NOT OLD.view_id
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT vc.layout_id, va.id, vc.component
    FROM view_components vc,
        (SELECT 0 AS id UNION ALL SELECT v.id FROM variants v JOIN views w
         ON w.id IN (NEW.view_id, OLD.view_id) AND v.layout_id = w.layout_id) va
    WHERE vc.view_id IN (NEW.view_id, OLD.view_id);
END;

CREATE TRIGGER constraint_terms_delete_mentions_dirty
AFTER DELETE ON constraint_terms
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT vc.layout_id, va.id, vc.component
    FROM view_components vc,
        (SELECT 0 AS id UNION ALL SELECT v.id FROM variants v JOIN views w
         ON w.id = OLD.view_id AND v.layout_id = w.layout_id) va
    WHERE vc.view_id = OLD.view_id;
END;

-- What a variant that turns a constraint on solves with: the constraint's numbers, its
-- terms and the variant's own constant for it.
CREATE TRIGGER constraints_variant_active_dirty
AFTER UPDATE OF constant, priority, relation, lhs_coefficient, rhs_coefficient ON constraints
WHEN NEW.active = 0 AND OLD.active = 0
  AND (NEW.constant IS NOT OLD.constant OR NEW.priority IS NOT OLD.priority
       OR NEW.relation IS NOT OLD.relation OR NEW.lhs_coefficient IS NOT OLD.lhs_coefficient
       OR NEW.rhs_coefficient IS NOT OLD.rhs_coefficient)
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, o.variant_id, -1 FROM variant_constraint_overrides o
    WHERE o.constraint_id = NEW.id AND o.active = 1;
END;

CREATE TRIGGER constraint_terms_insert_variant_active_dirty
AFTER INSERT ON constraint_terms
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, o.variant_id, -1
    FROM constraints c JOIN variant_constraint_overrides o ON o.constraint_id = c.id
    WHERE c.id = NEW.constraint_id AND c.active = 0 AND o.active = 1;
END;

CREATE TRIGGER constraint_terms_update_variant_active_dirty
AFTER UPDATE ON constraint_terms
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, o.variant_id, -1
    FROM constraints c JOIN variant_constraint_overrides o ON o.constraint_id = c.id
    WHERE c.id IN (NEW.constraint_id, OLD.constraint_id) AND c.active = 0 AND o.active = 1;
END;

CREATE TRIGGER constraint_terms_delete_variant_active_dirty
AFTER DELETE ON constraint_terms
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, o.variant_id, -1
    FROM constraints c JOIN variant_constraint_overrides o ON o.constraint_id = c.id
    WHERE c.id = OLD.constraint_id AND c.active = 0 AND o.active = 1;
END;

CREATE TRIGGER variant_constants_insert_variant_active_dirty
AFTER INSERT ON variant_constants
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, NEW.variant_id, -1
    FROM constraints c JOIN variant_constraint_overrides o
        ON o.constraint_id = c.id AND o.variant_id = NEW.variant_id
    WHERE c.id = NEW.constraint_id AND c.active = 0 AND o.active = 1;
END;

CREATE TRIGGER variant_constants_update_variant_active_dirty
AFTER UPDATE ON variant_constants
WHEN NEW.constant IS NOT OLD.constant OR NEW.constraint_id IS NOT OLD.constraint_id
  OR NEW.variant_id IS NOT OLD.variant_id
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, o.variant_id, -1
    FROM constraints c JOIN variant_constraint_overrides o ON o.constraint_id = c.id
    WHERE ((c.id = NEW.constraint_id AND o.variant_id = NEW.variant_id)
           OR (c.id = OLD.constraint_id AND o.variant_id = OLD.variant_id))
      AND c.active = 0 AND o.active = 1;
END;

CREATE TRIGGER variant_constants_delete_variant_active_dirty
AFTER DELETE ON variant_constants
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT c.layout_id, OLD.variant_id, -1
    FROM constraints c JOIN variant_constraint_overrides o
        ON o.constraint_id = c.id AND o.variant_id = OLD.variant_id
    WHERE c.id = OLD.constraint_id AND c.active = 0 AND o.active = 1;
END;
