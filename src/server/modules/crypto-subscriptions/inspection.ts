/**
 * What a chain says about a submitted transaction, after the rules only the chain can answer (payments-
 * reference §3.6: 3 succeeded, 4 recipient, 5 asset, 7 confirmed). The amount (6), freshness (8) and the
 * binding to the quote (9) are judged by the service, the same way for every chain.
 */
export type Inspection =
  | { outcome: 'pending'; reason: string }
  | { outcome: 'rejected'; rule: number; reason: string }
  | { outcome: 'settled'; paid: bigint; blockTime: Date };

export const pending = (reason: string): Inspection => ({ outcome: 'pending', reason });
export const rejected = (rule: number, reason: string): Inspection => ({ outcome: 'rejected', rule, reason });
