-- The source tables but src_screening are partitioned by snapshot. An import COPYs its rows into a table of its own,
-- created in the import's transaction (so the rows are written frozen), and attaches it as the snapshot's partition
-- before the transaction commits, which builds the partition's indexes in one sorted pass (lib/sources/load.ts).
-- Readers keep querying the parent by snapshot_id and the planner prunes to the snapshots asked for, so the indexes
-- no longer lead with snapshot_id. There is no foreign key to source_snapshots: the partition bound pins each
-- partition to the snapshot created beside it, and attaching under a foreign key would take a lock on
-- source_snapshots that conflicts with every other import in flight. src_screening stays one table: the lists are
-- small, and its queries read every current list at once (lib/sources/registry.ts). Existing rows move into one
-- partition per snapshot.
DO $$
DECLARE
  t text;
  idx text;
  s integer;
BEGIN
  FOREACH t IN ARRAY ARRAY['src_identidad', 'src_crediticio', 'src_cheques', 'src_comex', 'src_riesgo_fiscal',
                           'src_marcas', 'src_concursos'] LOOP
    EXECUTE format('ALTER TABLE %I RENAME TO %I', t, t || '_unpartitioned');
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t || '_unpartitioned', t || '_snapshot_id_source_snapshots_id_fk');
    FOR idx IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                WHERE i.indrelid = (t || '_unpartitioned')::regclass LOOP
      EXECUTE format('DROP INDEX %I', idx);
    END LOOP;
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS) PARTITION BY LIST (snapshot_id)', t, t || '_unpartitioned');
    FOR s IN EXECUTE format('SELECT DISTINCT snapshot_id FROM %I', t || '_unpartitioned') LOOP
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES IN (%s)', t || '_' || s, t, s);
    END LOOP;
    EXECUTE format('INSERT INTO %I SELECT * FROM %I', t, t || '_unpartitioned');
    EXECUTE format('DROP TABLE %I', t || '_unpartitioned');
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE INDEX "src_cheques_cuit_idx" ON "src_cheques" USING btree ("cuit");--> statement-breakpoint
CREATE INDEX "src_comex_cuit_idx" ON "src_comex" USING btree ("cuit");--> statement-breakpoint
CREATE INDEX "src_concursos_cuit_idx" ON "src_concursos" USING btree ("cuit");--> statement-breakpoint
CREATE INDEX "src_crediticio_cuit_idx" ON "src_crediticio" USING btree ("cuit");--> statement-breakpoint
CREATE INDEX "src_identidad_cuit_idx" ON "src_identidad" USING btree ("cuit");--> statement-breakpoint
CREATE INDEX "src_identidad_dni_idx" ON "src_identidad" USING btree (substring("cuit", 3, 8));--> statement-breakpoint
CREATE INDEX "src_identidad_name_trgm_idx" ON "src_identidad" USING gin (legajo_name_key("denominacion") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "src_marcas_cuit_idx" ON "src_marcas" USING btree ("cuit");--> statement-breakpoint
CREATE INDEX "src_riesgo_fiscal_cuit_idx" ON "src_riesgo_fiscal" USING btree ("cuit");
