-- layoutdb schema, version 2: solved_frames derives its sums on the stored values' grid.
--
-- The store writes every solved value on a grid of ten significant digits
-- (snapSolvedValue), so `x = 100` matches in plain SQL. A sum of two such values can
-- still miss by one bit (66.66666667 + 33.33333333), so the derived columns are put on
-- the same grid here: printf('%.10g') rounds to ten significant digits and the CAST
-- reads back the nearest REAL, which is what snapSolvedValue gives.

DROP VIEW solved_frames;

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
    CAST(printf('%.10g', f.x - coalesce(pf.x, 0)) AS REAL) AS rel_x,
    CAST(printf('%.10g', f.y - coalesce(pf.y, 0)) AS REAL) AS rel_y,
    f.x AS min_x,
    CAST(printf('%.10g', f.x + f.width / 2) AS REAL) AS mid_x,
    CAST(printf('%.10g', f.x + f.width) AS REAL) AS max_x,
    f.y AS min_y,
    CAST(printf('%.10g', f.y + f.height / 2) AS REAL) AS mid_y,
    CAST(printf('%.10g', f.y + f.height) AS REAL) AS max_y,
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
