import type { FastifyReply } from 'fastify';
import * as api from '../../../shared/contracts/coupons.js';
import * as paywall from '../../../shared/contracts/paywall.js';
import { AppError } from '../../errors.js';
import type { StartAudit } from '../audits/service.js';
import type { ServerModule } from '../server-module.js';
import { createCoupon, deleteCoupon, listCoupons, revokeCoupon } from './admin.js';
import { useBypassCode } from './bypass.js';
import { CodeGuessLimitError } from './code-guesses.js';
import { redeemCoupon } from './redeem.js';

/** A refusal for guessing tells the client when it may try again. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CodeGuessLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/**
 * Coupons (staff create, revoke and delete them; owners redeem them from the redeem screen or the paywall),
 * the paywall's bypass codes, and the refused admin bypass. Redeeming starts the server's audit through
 * the audits module.
 */
export function createCouponsModule(deps: { startAudit: StartAudit; now: () => Date }): ServerModule {
  return {
    register(routes, ctx) {
      const { db } = ctx;
      const redeemDeps = { db, startAudit: deps.startAudit, now: deps.now, log: ctx.log };

      routes.admin.endpoint(api.listCoupons, async () => listCoupons(db));
      routes.admin.endpoint(api.createCoupon, async ({ caller, body, reply }) => {
        const created = await createCoupon(db, { coupon: body, actor: caller.user });
        // The full code is in this answer only: no cache may keep it.
        reply.header('cache-control', 'no-store');
        return created;
      });
      routes.admin.endpoint(api.revokeCoupon, async ({ caller, params }) =>
        revokeCoupon(db, { couponId: params.id, now: deps.now(), actor: caller.user }),
      );
      routes.admin.endpoint(api.deleteCoupon, async ({ caller, params }) => {
        await deleteCoupon(db, { couponId: params.id, actor: caller.user });
        return { ok: true as const };
      });

      routes.endpoint(api.redeemCoupon, async ({ caller, body, request, reply }) =>
        withRetryAfter(reply, () => redeemCoupon(redeemDeps, { caller, ...body, clientAddress: request.ip })),
      );
      routes.endpoint(api.redeemPaywallCoupon, async ({ caller, body, request, reply }) => {
        const redemption = await withRetryAfter(reply, () =>
          redeemCoupon(redeemDeps, { caller, ...body, clientAddress: request.ip }),
        );
        return { success: true as const, ...redemption };
      });

      routes.endpoint(paywall.bypassPaywall, async ({ caller, body, request, reply }) => {
        await withRetryAfter(reply, () =>
          useBypassCode(
            { db, bypass: ctx.config.bypass, now: deps.now },
            { caller, ...body, clientAddress: request.ip },
          ),
        );
        return { ok: true as const };
      });
      routes.endpoint(paywall.adminBypass, async () => {
        throw new AppError(
          'FORBIDDEN',
          'Admin bypass is not available: staff sign in with Discord, and bypass codes are entered on the paywall.',
        );
      });
    },
  };
}
