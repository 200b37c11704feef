-- Every instance caches verified keys and the gates of their accounts (lib/auth/caller-cache.ts) and drops an entry
-- when Postgres says it changed, whoever changed it: the API, the web, the CLI or plain SQL. One channel,
-- `legajo_auth`; the payload names what changed: `key:<id>`, `account:<id>` or `all` (plans, truncations).
-- A NOTIFY reaches the listeners at commit. The app's own sessions (application_name legajo...) also get a NOTICE
-- on the connection that made the change, before its statement returns: the process that made a change sees it on
-- its very next request, without waiting for the notification to come round.
CREATE FUNCTION legajo_auth_changed(payload text) RETURNS void AS $$
BEGIN
  PERFORM pg_notify('legajo_auth', payload);
  IF current_setting('application_name', true) LIKE 'legajo%' THEN
    RAISE NOTICE USING MESSAGE = 'legajo_auth ' || payload;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION legajo_auth_notify_key() RETURNS trigger AS $$
BEGIN
  PERFORM legajo_auth_changed('key:' || OLD.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION legajo_auth_notify_account() RETURNS trigger AS $$
BEGIN
  PERFORM legajo_auth_changed('account:' || OLD.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION legajo_auth_notify_all() RETURNS trigger AS $$
BEGIN
  PERFORM legajo_auth_changed('all');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A key's use (`last_used_at`) changes nothing a cache holds and notifies no one.
CREATE TRIGGER api_keys_auth_update
  AFTER UPDATE ON api_keys
  FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
        OR OLD.hash IS DISTINCT FROM NEW.hash OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION legajo_auth_notify_key();
--> statement-breakpoint
CREATE TRIGGER api_keys_auth_delete
  AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION legajo_auth_notify_key();
--> statement-breakpoint
CREATE TRIGGER accounts_auth_update
  AFTER UPDATE ON accounts
  FOR EACH ROW
  WHEN (OLD.suspended IS DISTINCT FROM NEW.suspended OR OLD.plan_tier IS DISTINCT FROM NEW.plan_tier
        OR OLD.billing_model IS DISTINCT FROM NEW.billing_model OR OLD.is_admin IS DISTINCT FROM NEW.is_admin
        OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION legajo_auth_notify_account();
--> statement-breakpoint
CREATE TRIGGER accounts_auth_delete
  AFTER DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION legajo_auth_notify_account();
--> statement-breakpoint
-- A plan row is shared by many accounts, and an inserted one can fill a gap a cache holds as "no plan": any change
-- to the plans drops everything.
CREATE TRIGGER plans_auth_change
  AFTER INSERT OR UPDATE OR DELETE ON plans
  FOR EACH STATEMENT EXECUTE FUNCTION legajo_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER api_keys_auth_truncate
  AFTER TRUNCATE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION legajo_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER accounts_auth_truncate
  AFTER TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION legajo_auth_notify_all();
