import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '../../../shared/contracts/errors.js';
import { AdminServerList, ServerList } from '../../../shared/contracts/servers.js';
import type { AppContext } from '../../app-context.js';
import { requireAdmin, requireUser } from '../../plugins/session.js';
import { listAllServers, listUserServers } from './service.js';

export async function serverRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/servers', { schema: { response: { 200: ServerList, 401: ApiErrorBody } } }, async (request) => {
    const { user } = requireUser(ctx.config, request);
    const deps = { db: ctx.db, sealer: ctx.sealer, discordApiUrl: ctx.config.discord.apiUrl, log: request.log };
    return listUserServers(deps, user, { alreadyRead: request.serversReadThisRequest });
  });

  routes.get(
    '/api/admin/all-servers',
    { schema: { response: { 200: AdminServerList, 401: ApiErrorBody, 403: ApiErrorBody } } },
    async (request) => {
      requireAdmin(ctx.config, request);
      return listAllServers(ctx.db);
    },
  );
}
