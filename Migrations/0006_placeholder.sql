-- Placeholder for migration 6, which another branch of this round adds: migration
-- numbers may have no gaps, and this branch's own migration is 0008. Delete at merge.
SELECT 1;
