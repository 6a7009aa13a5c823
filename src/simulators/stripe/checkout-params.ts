import type { LineItem } from './objects.js';
import { invalidParam, missingParam, StripeApiError } from './stripe-errors.js';

/**
 * Validation of `POST /v1/checkout/sessions` as Stripe does it for what the simulator models (one-time
 * `payment` mode with inline `price_data`): missing params are `parameter_missing` with the param's
 * bracket path, integers arrive as strings, and an unknown parameter is refused rather than ignored.
 */

export interface CheckoutParams {
  lineItems: LineItem[];
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  customerEmail: string | null;
  metadata: Record<string, string>;
  /** Unix seconds, or null for Stripe's default of 24 hours. */
  expiresAt: number | null;
}

const KNOWN_PARAMS = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'customer_email',
  'metadata',
  'expires_at',
  'payment_method_types',
  'expand',
]);

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

function text(fields: Fields, name: string, param = name): string | null {
  const value = fields[name];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw invalidParam(param, `Invalid string: ${param}`);
  return value;
}

function requiredText(fields: Fields, name: string, param = name): string {
  const value = text(fields, name, param);
  if (value === null) throw missingParam(param);
  return value;
}

function integer(fields: Fields, name: string, param: string): number | null {
  const value = text(fields, name, param);
  if (value === null) return null;
  if (!/^-?\d+$/.test(value)) throw invalidParam(param, `Invalid integer: ${value}`, 'parameter_invalid_integer');
  return Number(value);
}

function parseUrl(value: string, param: string): string {
  if (!URL.canParse(value)) throw invalidParam(param, 'Not a valid URL', 'url_invalid');
  return value;
}

/** qs turns `line_items[0][…]` into an array, and more than 20 items into an object keyed by index. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isFields(value)) return Object.values(value);
  return [];
}

function lineItem(value: unknown, index: number): LineItem {
  const at = `line_items[${index}]`;
  if (!isFields(value)) throw invalidParam(at, `Invalid object: ${at}`);
  const quantity = integer(value, 'quantity', `${at}[quantity]`);
  if (quantity === null) throw missingParam(`${at}[quantity]`);
  if (quantity < 1) throw invalidParam(`${at}[quantity]`, 'Quantity must be at least 1.');
  if (value.price !== undefined) throw invalidParam(`${at}[price]`, `No such price: '${String(value.price)}'`);
  const priceData = value.price_data;
  if (!isFields(priceData)) throw missingParam(`${at}[price_data]`);
  const currency = requiredText(priceData, 'currency', `${at}[price_data][currency]`).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidParam(`${at}[price_data][currency]`, `Invalid currency: ${currency}`);
  const unitAmount = integer(priceData, 'unit_amount', `${at}[price_data][unit_amount]`);
  if (unitAmount === null) throw missingParam(`${at}[price_data][unit_amount]`);
  if (unitAmount < 0)
    throw invalidParam(`${at}[price_data][unit_amount]`, 'This value must be greater than or equal to 0.');
  const product = priceData.product_data;
  if (!isFields(product)) throw missingParam(`${at}[price_data][product_data]`);
  const name = requiredText(product, 'name', `${at}[price_data][product_data][name]`);
  const description = text(product, 'description', `${at}[price_data][product_data][description]`);
  return { name, description, currency, unitAmount, quantity };
}

function metadataOf(value: unknown): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (!isFields(value) || Array.isArray(value)) throw invalidParam('metadata', 'Invalid hash: metadata');
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalidParam('metadata', 'You can specify up to 50 keys in metadata.');
  const metadata: Record<string, string> = {};
  for (const [key, item] of entries) {
    if (typeof item !== 'string') throw invalidParam(`metadata[${key}]`, `Invalid string: metadata[${key}]`);
    if (key.length > 40) throw invalidParam('metadata', 'Metadata keys can be at most 40 characters long.');
    if (item.length > 500)
      throw invalidParam(`metadata[${key}]`, 'Metadata values can be at most 500 characters long.');
    metadata[key] = item;
  }
  return metadata;
}

export function parseCheckoutParams(body: unknown, nowSeconds: number): CheckoutParams {
  const fields: Fields = isFields(body) ? body : {};
  const unknown = Object.keys(fields).find((name) => !KNOWN_PARAMS.has(name));
  if (unknown !== undefined) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'parameter_unknown',
      param: unknown,
      message: `Received unknown parameter: ${unknown}`,
    });
  }
  const mode = requiredText(fields, 'mode');
  if (mode !== 'payment') throw invalidParam('mode', `The simulator models mode=payment only, not '${mode}'.`);
  if (fields.line_items === undefined) throw missingParam('line_items');
  const lineItems = listOf(fields.line_items).map(lineItem);
  if (lineItems.length === 0) throw missingParam('line_items');
  if (new Set(lineItems.map((item) => item.currency)).size > 1) {
    throw invalidParam('line_items', 'All line items must use the same currency.');
  }
  const successUrl = parseUrl(requiredText(fields, 'success_url'), 'success_url');
  const cancel = text(fields, 'cancel_url');
  const clientReferenceId = text(fields, 'client_reference_id');
  if (clientReferenceId !== null && clientReferenceId.length > 200) {
    throw invalidParam('client_reference_id', 'client_reference_id can be at most 200 characters long.');
  }
  const expiresAt = integer(fields, 'expires_at', 'expires_at');
  if (
    expiresAt !== null &&
    (expiresAt < nowSeconds + MIN_EXPIRY_SECONDS || expiresAt > nowSeconds + MAX_EXPIRY_SECONDS)
  ) {
    throw invalidParam('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.');
  }
  return {
    lineItems,
    successUrl,
    cancelUrl: cancel === null ? null : parseUrl(cancel, 'cancel_url'),
    clientReferenceId,
    customerEmail: text(fields, 'customer_email'),
    metadata: metadataOf(fields.metadata),
    expiresAt,
  };
}

export const DEFAULT_EXPIRY_SECONDS = MAX_EXPIRY_SECONDS;
