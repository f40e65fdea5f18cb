-- layoutdb schema, version 2: solved_frames shows every value on a clean grid.
--
-- The frames table keeps the solver's values as solved. This view rounds every column
-- to twelve significant digits (snapSolvedValue in the library): printf('%.12g') rounds
-- and the CAST reads back the nearest REAL, so `x = 100` and `width = 44` match in plain
-- SQL. The derived columns are rounded from the unrounded sums, not summed from rounded
-- columns: two edges that meet in the solution (one view's max_x, its neighbour's
-- min_x) round from values within the solver's noise of each other and so compare
-- equal, where a sum of rounded values (33.3333333333 + 33.3333333333) would miss the
-- neighbour's rounded edge (66.6666666667) in the last digit.

DROP VIEW solved_frames;

CREATE VIEW solved_frames AS
SELECT
    l.name AS layout,
    CASE f.variant_id WHEN 0 THEN 'base' ELSE va.name END AS variant,
    v.name AS view,
    p.name AS parent,
    CAST(printf('%.12g', f.x) AS REAL) AS x,
    CAST(printf('%.12g', f.y) AS REAL) AS y,
    CAST(printf('%.12g', f.width) AS REAL) AS width,
    CAST(printf('%.12g', f.height) AS REAL) AS height,
    CAST(printf('%.12g', f.x - coalesce(pf.x, 0)) AS REAL) AS rel_x,
    CAST(printf('%.12g', f.y - coalesce(pf.y, 0)) AS REAL) AS rel_y,
    CAST(printf('%.12g', f.x) AS REAL) AS min_x,
    CAST(printf('%.12g', f.x + f.width / 2) AS REAL) AS mid_x,
    CAST(printf('%.12g', f.x + f.width) AS REAL) AS max_x,
    CAST(printf('%.12g', f.y) AS REAL) AS min_y,
    CAST(printf('%.12g', f.y + f.height / 2) AS REAL) AS mid_y,
    CAST(printf('%.12g', f.y + f.height) AS REAL) AS max_y,
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
