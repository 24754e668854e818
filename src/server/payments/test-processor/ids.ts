import { randomInt } from 'node:crypto';

// Ids shaped like Stripe's: a type prefix and 24 base-62 characters.

const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const randomBase62 = (length = 24) => Array.from({ length }, () => base62[randomInt(62)]).join('');

export function base62FromBytes(bytes: Buffer, length = 24): string {
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  for (let index = 0; index < length; index += 1) {
    text += base62[Number(value % 62n)];
    value /= 62n;
  }
  return text;
}

/** The intent's one charge, named as Stripe would name it. */
export const chargeIdOf = (paymentIntentId: string) => `ch_${paymentIntentId.slice(3)}`;
