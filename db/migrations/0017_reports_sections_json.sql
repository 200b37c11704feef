-- A report's sections are stored and returned whole, never queried inside: `json` keeps the text as the report wrote
-- it (its own field order) instead of building jsonb's binary form on every insert and text again on every read,
-- and that text compresses smaller. Rows written before keep the field order jsonb gave them.
ALTER TABLE "reports" ALTER COLUMN "sections" SET DATA TYPE json;
