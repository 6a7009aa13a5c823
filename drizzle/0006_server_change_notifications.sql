-- A server's own row (name, icon, member count, the facts an audit read) is part of every cached server list
-- that names it: its changes are announced as 'server:<id>' like the others of 0005. docs/decisions/0017.
CREATE TRIGGER servers_changed AFTER UPDATE OR DELETE ON servers
  FOR EACH ROW EXECUTE FUNCTION rampart_notify_change('server', 'id');
