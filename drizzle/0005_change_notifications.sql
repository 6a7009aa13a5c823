-- Every change the read caches depend on is announced on the channel rampart_changes as '<kind>:<key>',
-- by triggers, so the notice is part of the change's own transaction (delivered at commit, never without it)
-- and no writer can forget it. docs/decisions/0017.
CREATE FUNCTION rampart_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  key_column text := TG_ARGV[1];
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format('SELECT ($1).%I::text', key_column) USING OLD INTO old_key;
    PERFORM pg_notify('rampart_changes', kind || ':' || old_key);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    EXECUTE format('SELECT ($1).%I::text', key_column) USING NEW INTO new_key;
    -- An update that keeps the key announces it once.
    IF new_key IS DISTINCT FROM old_key THEN
      PERFORM pg_notify('rampart_changes', kind || ':' || new_key);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION rampart_notify_change('session', 'token_hash');
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION rampart_notify_change('user', 'id');
--> statement-breakpoint
CREATE TRIGGER user_servers_changed AFTER INSERT OR UPDATE OR DELETE ON user_servers
  FOR EACH ROW EXECUTE FUNCTION rampart_notify_change('user-servers', 'user_id');
--> statement-breakpoint
CREATE TRIGGER audits_changed AFTER UPDATE OR DELETE ON audits
  FOR EACH ROW EXECUTE FUNCTION rampart_notify_change('audit', 'id');
--> statement-breakpoint
CREATE TRIGGER check_results_changed AFTER INSERT OR UPDATE OR DELETE ON check_results
  FOR EACH ROW EXECUTE FUNCTION rampart_notify_change('audit', 'audit_id');
