import { randomInt } from 'node:crypto';

/*
 * A generated Discord id for a test account that has none: 20 digits starting with 9, so it matches the
 * shape the contracts accept (17 to 20 digits) yet is at least 9×10^19, above 2^64. A real Discord
 * snowflake is a 64-bit integer, so no real account can ever have it.
 */
const GENERATED_ID_FIRST_DIGIT = '9';
const GENERATED_ID_RANDOM_DIGITS = 19;

export function generatedDiscordId(): string {
  let digits = GENERATED_ID_FIRST_DIGIT;
  for (let i = 0; i < GENERATED_ID_RANDOM_DIGITS; i += 1) digits += String(randomInt(10));
  return digits;
}
