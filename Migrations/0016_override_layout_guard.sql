-- layoutdb schema: a variant's override names a row of the variant's own layout.
--
-- 0015 refuses moving a constraint, view or variant to another layout; a row inserted
-- with plain SQL could still tie a variant of one layout to a constraint or view of
-- another (`INSERT INTO variant_constants VALUES (1, 9, 3.0)` with constraint 9 in
-- layout `side` and variant 1 in `main`). `variant list` then showed it, `export`
-- dropped it without a word, and `doctor` misnamed it. These refuse such a row, inserted
-- or updated, with the command that sets an override. A row whose constraint or view
-- does not exist is refused too (its layout is NULL): with foreign keys off nothing
-- else would.
--
-- The commands write overrides one at a time (`set-constant --variant`, a re-apply's
-- `set`, `variant create --from`): two primary-key probes each. A first apply writes
-- its rows with its connection's triggers off, as it always has.

CREATE TRIGGER variant_constants_refuse_other_layout
BEFORE INSERT ON variant_constants
WHEN (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id)
    IS NOT (SELECT layout_id FROM variants WHERE id = NEW.variant_id)
BEGIN
    SELECT RAISE(ABORT,
        'a variant''s constant must be for a constraint of the variant''s own layout: use `layoutdb --layout LAYOUT set-constant LABEL C --variant V`');
END;

CREATE TRIGGER variant_constants_refuse_other_layout_update
BEFORE UPDATE OF variant_id, constraint_id ON variant_constants
WHEN (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id)
    IS NOT (SELECT layout_id FROM variants WHERE id = NEW.variant_id)
BEGIN
    SELECT RAISE(ABORT,
        'a variant''s constant must be for a constraint of the variant''s own layout: use `layoutdb --layout LAYOUT set-constant LABEL C --variant V`');
END;

CREATE TRIGGER variant_constraint_overrides_refuse_other_layout
BEFORE INSERT ON variant_constraint_overrides
WHEN (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id)
    IS NOT (SELECT layout_id FROM variants WHERE id = NEW.variant_id)
BEGIN
    SELECT RAISE(ABORT,
        'a variant''s priority or activation must be for a constraint of the variant''s own layout: use `layoutdb --layout LAYOUT set-priority|activate|deactivate LABEL --variant V`');
END;

CREATE TRIGGER variant_constraint_overrides_refuse_other_layout_update
BEFORE UPDATE OF variant_id, constraint_id ON variant_constraint_overrides
WHEN (SELECT layout_id FROM constraints WHERE id = NEW.constraint_id)
    IS NOT (SELECT layout_id FROM variants WHERE id = NEW.variant_id)
BEGIN
    SELECT RAISE(ABORT,
        'a variant''s priority or activation must be for a constraint of the variant''s own layout: use `layoutdb --layout LAYOUT set-priority|activate|deactivate LABEL --variant V`');
END;

CREATE TRIGGER variant_intrinsics_refuse_other_layout
BEFORE INSERT ON variant_intrinsics
WHEN (SELECT layout_id FROM views WHERE id = NEW.view_id)
    IS NOT (SELECT layout_id FROM variants WHERE id = NEW.variant_id)
BEGIN
    SELECT RAISE(ABORT,
        'a variant''s intrinsic size must be for a view of the variant''s own layout: use `layoutdb --layout LAYOUT set-intrinsic VIEW W H --variant V`');
END;

CREATE TRIGGER variant_intrinsics_refuse_other_layout_update
BEFORE UPDATE OF variant_id, view_id ON variant_intrinsics
WHEN (SELECT layout_id FROM views WHERE id = NEW.view_id)
    IS NOT (SELECT layout_id FROM variants WHERE id = NEW.variant_id)
BEGIN
    SELECT RAISE(ABORT,
        'a variant''s intrinsic size must be for a view of the variant''s own layout: use `layoutdb --layout LAYOUT set-intrinsic VIEW W H --variant V`');
END;

CREATE TRIGGER variant_views_refuse_other_layout
BEFORE INSERT ON variant_views
WHEN (SELECT layout_id FROM views WHERE id = NEW.view_id)
    IS NOT (SELECT layout_id FROM variants WHERE id = NEW.variant_id)
BEGIN
    SELECT RAISE(ABORT,
        'a variant''s hidden view or spacing must be for a view of the variant''s own layout: use `layoutdb --layout LAYOUT hide VIEW --variant V` or `set-constant STACK.spacing N --variant V`');
END;

CREATE TRIGGER variant_views_refuse_other_layout_update
BEFORE UPDATE OF variant_id, view_id ON variant_views
WHEN (SELECT layout_id FROM views WHERE id = NEW.view_id)
    IS NOT (SELECT layout_id FROM variants WHERE id = NEW.variant_id)
BEGIN
    SELECT RAISE(ABORT,
        'a variant''s hidden view or spacing must be for a view of the variant''s own layout: use `layoutdb --layout LAYOUT hide VIEW --variant V` or `set-constant STACK.spacing N --variant V`');
END;
