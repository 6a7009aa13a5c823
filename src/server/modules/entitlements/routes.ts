import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '../../../shared/contracts/errors.js';
import { EntitlementList } from '../../../shared/contracts/entitlements.js';
import type { AppContext } from '../../app-context.js';
import { requireUser } from '../../plugins/session.js';
import { listEntitlements } from './service.js';

export async function entitlementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/entitlements',
      { schema: { response: { 200: EntitlementList, 401: ApiErrorBody } } },
      async (request) => {
        const { user } = requireUser(ctx.config, request);
        return listEntitlements(ctx.db, user.id);
      },
    );
}
