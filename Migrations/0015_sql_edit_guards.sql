-- layoutdb schema: what plain SQL deletes takes what depends on it; what it cannot do
-- safely is refused; reordering a stack marks it dirty.
--
-- 1. Deletes. `sqlite3` opens a file with `PRAGMA foreign_keys` off, where ON DELETE
--    CASCADE does nothing, and `constraints`, `variants` and `layouts` reuse the id of a
--    deleted last row (INTEGER PRIMARY KEY without AUTOINCREMENT). So a row left behind
--    by `DELETE FROM constraints WHERE label = 'tw'` was inherited by the next `layoutdb
--    add`: its variant constant (`set tw2 20 in compact` in the export, doctor healthy)
--    and its extra terms. 0004 already takes a view's dependents (views_delete_cascade,
--    views_delete_stack, views_delete_intrinsics), and 0001/0007 a constraint's and a
--    variant's overrides, frames and dirty marks; these take the rest, whatever
--    foreign_keys is:
--    - a constraint: its variant constants, extra terms and kept solve-image constant
--      (after the row goes, as the cascade does: the constraint's own delete trigger
--      has marked its components; the variant constants mark nothing more);
--    - a variant: its constants (before the row goes: the marks their deletes make are
--      the variant's, which variants_delete_cleanup then removes with the rest);
--    - a layout: everything in it. Views go first (every constraint names a view, so
--      views_delete_cascade takes the constraints too), then what is left; the marks
--      the deletes leave for the layout go last. The refusals of 0004 let a view of a
--      deleted layout go (they look for the layout row).
--    With foreign keys on (layoutdb's connections) the cascades have already run by
--    the time an AFTER trigger fires, and these find nothing more: one index probe per
--    table (the constraints of a deleted layout: one scan, as the cascade's own).
--    Inserts fire nothing new: a first apply and `add` cost what they did.
--
-- 2. A stack arranges its views in ordinal order (docs/vocabulary.md §7), so `UPDATE
--    views SET ordinal` of an arranged view changes the solution; no trigger marked it,
--    and `solve` said there was nothing to solve while the frames were stale. A stack is
--    a `stacks` row (a stack's `views.kind` stays 'view'); the trigger looks its parent
--    up there (one probe of a small table's primary key) and marks the layout whole
--    (layouts with stacks are always solved whole), base and variants, once: a mark
--    already there is not inserted again. An ordinal of a view outside a stack marks
--    nothing, as before: the re-apply of a big script renumbers thousands in one UPDATE.
--
-- 3. Refused, each with what to do instead:
--    - renaming the root view: every reader finds a layout's root by the name `root`
--      (`|` in a script);
--    - moving a constraint, a view or a variant to another layout (`layout_id`): the old
--      layout was left stale and unmarked, and the row kept its references into the
--      old layout (a constraint's views, a variant's constants). It is not an edit
--      layoutdb makes: remove it and add it in the other layout.

CREATE TRIGGER constraints_delete_dependents
AFTER DELETE ON constraints
BEGIN
    DELETE FROM variant_constants WHERE constraint_id = OLD.id;
    DELETE FROM constraint_terms WHERE constraint_id = OLD.id;
    DELETE FROM solve_image_constants
    WHERE layout_id = OLD.layout_id AND constraint_id = OLD.id;
END;

CREATE TRIGGER variants_delete_constants
BEFORE DELETE ON variants
BEGIN
    DELETE FROM variant_constants WHERE variant_id = OLD.id;
END;

CREATE TRIGGER layouts_delete_contents
AFTER DELETE ON layouts
BEGIN
    DELETE FROM views WHERE layout_id = OLD.id;
    DELETE FROM constraints WHERE layout_id = OLD.id;
    DELETE FROM variants WHERE layout_id = OLD.id;
    DELETE FROM metrics WHERE layout_id = OLD.id;
    DELETE FROM stack_constraints WHERE layout_id = OLD.id;
    DELETE FROM script_lines WHERE layout_id = OLD.id;
    DELETE FROM solve_images WHERE layout_id = OLD.id;
    DELETE FROM solve_image_constants WHERE layout_id = OLD.id;
    DELETE FROM dirty WHERE layout_id = OLD.id;
END;

CREATE TRIGGER views_ordinal_stack_dirty
AFTER UPDATE OF ordinal ON views
WHEN NEW.ordinal IS NOT OLD.ordinal
    AND EXISTS (SELECT 1 FROM stacks WHERE view_id = NEW.parent_id)
BEGIN
    INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
    SELECT NEW.layout_id, va.id, -1
    FROM (SELECT 0 AS id UNION ALL SELECT id FROM variants WHERE layout_id = NEW.layout_id) va
    WHERE NOT EXISTS (SELECT 1 FROM dirty d
                      WHERE d.layout_id = NEW.layout_id AND d.variant_id = va.id
                        AND d.component = -1);
END;

CREATE TRIGGER views_name_refuse_root
BEFORE UPDATE OF name ON views
WHEN OLD.parent_id IS NULL AND NEW.name IS NOT OLD.name
BEGIN
    SELECT RAISE(ABORT,
        'the root view is always named `root` (`|` in a script) and cannot be renamed; rename other views with `layoutdb rename-view OLD NEW`');
END;

CREATE TRIGGER constraints_layout_refuse
BEFORE UPDATE OF layout_id ON constraints
WHEN NEW.layout_id IS NOT OLD.layout_id
BEGIN
    SELECT RAISE(ABORT,
        'a constraint cannot be moved to another layout: remove it (`layoutdb remove LABEL`) and add it there (`layoutdb --layout OTHER add EQUATION`)');
END;

CREATE TRIGGER views_layout_refuse
BEFORE UPDATE OF layout_id ON views
WHEN NEW.layout_id IS NOT OLD.layout_id
BEGIN
    SELECT RAISE(ABORT,
        'a view cannot be moved to another layout: remove it (`layoutdb remove-view VIEW`) and declare it there (a `view` line applied with `layoutdb --layout OTHER apply FILE`)');
END;

CREATE TRIGGER variants_layout_refuse
BEFORE UPDATE OF layout_id ON variants
WHEN NEW.layout_id IS NOT OLD.layout_id
BEGIN
    SELECT RAISE(ABORT,
        'a variant cannot be moved to another layout: remove it (`layoutdb variant remove V`) and create it there (`layoutdb --layout OTHER variant create V`)');
END;
