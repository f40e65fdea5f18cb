-- layoutdb schema: where an imported view came from.
--
-- `layoutdb import` keeps each view's Interface Builder object id (`<view id="...">`),
-- so a frame can be traced back to the element of the .xib or .storyboard it came from
-- with plain SQL. NULL for views a script or an edit declared.
ALTER TABLE views ADD COLUMN source_id TEXT;

-- solved_frames as in 0005, with `source_id` appended so queries on the earlier columns
-- (and their order) keep working.
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
    f.ambiguous AS ambiguous,
    v.kind AS kind,
    0 AS hidden,
    v.source_id AS source_id
FROM frames f
JOIN views v ON v.id = f.view_id
JOIN layouts l ON l.id = v.layout_id
LEFT JOIN variants va ON va.id = f.variant_id
LEFT JOIN views p ON p.id = v.parent_id
LEFT JOIN frames pf ON pf.view_id = v.parent_id AND pf.variant_id = f.variant_id;
