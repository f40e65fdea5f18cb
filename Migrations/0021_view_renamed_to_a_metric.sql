-- layoutdb schema: a view renamed to a metric's name is refused, as one inserted is (0018).
--
-- `UPDATE views SET name` to a metric's name left a layout with a view and a metric of
-- one name: doctor found nothing, and `export` wrote a script that does not apply (the
-- script would read the metric where a number may stand).

CREATE TRIGGER views_rename_refuse_metric_name
BEFORE UPDATE OF name ON views
WHEN NEW.name IS NOT OLD.name
  AND EXISTS (SELECT 1 FROM metrics WHERE layout_id = NEW.layout_id AND name = NEW.name)
BEGIN
    SELECT RAISE(ABORT,
        'a view and a metric of one name in a layout: a script would read the metric where a number may stand, not the view; give the view another name');
END;
