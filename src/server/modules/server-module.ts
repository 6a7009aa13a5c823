import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '../../shared/contracts/endpoint.js';
import type { AppContext } from '../app-context.js';
import { type EndpointHandler, type EndpointOptions, guardAdminScope, registerEndpoint } from './register-endpoint.js';

type AddEndpoint = <E extends Endpoint>(declaration: E, handler: EndpointHandler<E>, options?: EndpointOptions) => void;

/** Where a module adds its endpoints: public and user endpoints directly, admin endpoints in `admin`. */
export interface RouteRegistrar {
  readonly endpoint: AddEndpoint;
  /** The one admin-guarded scope that every `/api/admin` endpoint of every module shares. */
  readonly admin: { readonly endpoint: AddEndpoint };
  /**
   * A child scope of its own for endpoints that need a plugin no other route should get (the multipart
   * parser of uploads): `setup` registers it there, then the endpoints added through the answer.
   */
  scoped(setup: (scope: FastifyInstance) => Promise<void>): { readonly endpoint: AddEndpoint };
}

/** Every module of the server has this shape and is listed once in modules.ts (docs/decisions/0012). */
export interface ServerModule {
  register(routes: RouteRegistrar, ctx: AppContext): void;
}

type Registration = (scope: FastifyInstance) => void;

/**
 * Lets each module add its endpoints, then registers them: the admin ones in one child scope guarded
 * by an admin check, the others beside it.
 */
export async function registerModules(
  app: FastifyInstance,
  ctx: AppContext,
  modules: readonly ServerModule[],
): Promise<void> {
  const open: Registration[] = [];
  const admin: Registration[] = [];
  const scoped: { setup: (scope: FastifyInstance) => Promise<void>; registrations: Registration[] }[] = [];
  const collect =
    (into: Registration[]): AddEndpoint =>
    (declaration, handler, options) =>
      into.push((scope) => registerEndpoint(scope, declaration, handler, options));
  const registrar: RouteRegistrar = {
    endpoint: collect(open),
    admin: { endpoint: collect(admin) },
    scoped(setup) {
      const registrations: Registration[] = [];
      scoped.push({ setup, registrations });
      return { endpoint: collect(registrations) };
    },
  };
  for (const module of modules) module.register(registrar, ctx);

  await app.register(async (scope) => {
    for (const register of open) register(scope);
  });
  await app.register(async (scope) => {
    guardAdminScope(scope);
    for (const register of admin) register(scope);
  });
  for (const { setup, registrations } of scoped) {
    await app.register(async (scope) => {
      await setup(scope);
      for (const register of registrations) register(scope);
    });
  }
}
