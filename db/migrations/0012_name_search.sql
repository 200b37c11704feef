-- Name search over the padrón (GET /v1/search): trigram matching that ignores case and accents.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The key both sides are compared on: accents and ñ folded before lower() (which a C-locale database applies to
-- ASCII only), punctuation as spaces. IMMUTABLE (unlike unaccent()), so it can be indexed; lib/search/names.ts
-- calls it on the query too.
CREATE OR REPLACE FUNCTION legajo_name_key(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN btrim(regexp_replace(lower(translate(t, 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇáàäâãéèëêíìïîóòöôõúùüûñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), '[^a-z0-9]+', ' ', 'g'));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "src_identidad_name_trgm_idx" ON "src_identidad" USING gin (legajo_name_key("denominacion") gin_trgm_ops);
