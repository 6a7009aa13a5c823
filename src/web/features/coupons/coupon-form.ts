import { z } from 'zod';
import { COUPON_DEFAULT_MAX_USES } from '../../../shared/commerce-rules';
import type { CreateCouponRequest } from '../../../shared/contracts/coupons';

export const INVALID_JSON = 'Metadata must be valid JSON.';
export const NOT_AN_OBJECT = 'Metadata must be a JSON object, like {"campaign": "launch"}.';

/** Parses the metadata text: a JSON object, or the message to show under the field. */
export function parseMetadata(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch {
    return { ok: false, error: INVALID_JSON };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: NOT_AN_OBJECT };
  return { ok: true, value: value as Record<string, unknown> };
}

/** The create form as typed: text fields stay text until sent; `expiresAt` is a datetime-local value. */
export const CouponFormSchema = z
  .object({
    description: z.string().max(500, 'Description is too long (500 characters at most).'),
    expiresAt: z.string().refine((value) => value === '' || !Number.isNaN(Date.parse(value)), 'Enter a valid date.'),
    maxUses: z
      .number({ error: 'Max uses must be a number.' })
      .int('Max uses must be a whole number.')
      .min(1, 'Max uses must be at least 1.'),
    singleServerOnly: z.boolean(),
    serverIdAllowed: z.string().max(100, 'Server id is too long.'),
    metadata: z.string(),
  })
  .superRefine((values, context) => {
    const metadata = parseMetadata(values.metadata);
    if (!metadata.ok) context.addIssue({ code: 'custom', path: ['metadata'], message: metadata.error });
  });
export type CouponFormValues = z.infer<typeof CouponFormSchema>;

export const COUPON_FORM_DEFAULTS: CouponFormValues = {
  description: '',
  expiresAt: '',
  maxUses: COUPON_DEFAULT_MAX_USES,
  singleServerOnly: true,
  serverIdAllowed: '',
  metadata: '{}',
};

/**
 * What the form sends (part 2 §5): description and expiry only when given, expiry as an ISO time,
 * serverIdAllowed only when the coupon is for a single server and the field is filled.
 */
export function toCreateCouponRequest(values: CouponFormValues): CreateCouponRequest {
  const description = values.description.trim();
  const serverIdAllowed = values.serverIdAllowed.trim();
  const metadata = parseMetadata(values.metadata);
  return {
    ...(description === '' ? {} : { description }),
    ...(values.expiresAt === '' ? {} : { expiresAt: new Date(values.expiresAt).toISOString() }),
    maxUses: values.maxUses,
    singleServerOnly: values.singleServerOnly,
    ...(values.singleServerOnly && serverIdAllowed !== '' ? { serverIdAllowed } : {}),
    metadata: metadata.ok ? metadata.value : {},
  };
}
