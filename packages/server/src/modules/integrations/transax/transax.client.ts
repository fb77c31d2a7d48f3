import type { TransaxPricing } from '@under/core/integrations/transax.schema';
import { z } from 'zod';
import { type Outbound, OutboundFailed, OutboundRefused } from '../../../infra/outbound/outbound';

/**
 * The Transax gateway's pricing list (issue #24 §2). Transax publishes no public test environment; the path and the
 * answer's shape are ours (decision 084), kept to this file: `GET {gateway}/api/boarding/pricing` with Basic auth,
 * answering `{pricing: [{id, name, description?, discountRate?, perItemFee?, monthlyFee?}]}`, unknown fields ignored.
 */
export const TRANSAX_PRICING_PATH = '/api/boarding/pricing';

export type TransaxFailure = 'refused' | 'unavailable';
export class TransaxError extends Error {
  constructor(
    readonly kind: TransaxFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TransaxError';
  }
}

const num = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish();
const AnswerSchema = z.object({
  pricing: z
    .array(
      z.object({
        id: z.union([z.string().min(1).max(100), z.number().transform(String)]),
        name: z.string().min(1).max(200),
        description: z.string().max(1000).nullish(),
        discountRate: num,
        perItemFee: num,
        monthlyFee: num,
      }),
    )
    .max(500),
});

export async function fetchTransaxPricing(
  outbound: Outbound,
  opts: { gatewayUrl: string; user: string; password: string },
): Promise<TransaxPricing[]> {
  const url = new URL(TRANSAX_PRICING_PATH, opts.gatewayUrl).toString();
  let res: Awaited<ReturnType<Outbound['request']>>;
  try {
    res = await outbound.request({
      provider: 'transax',
      method: 'GET',
      url,
      headers: {
        accept: 'application/json',
        authorization: `Basic ${Buffer.from(`${opts.user}:${opts.password}`).toString('base64')}`,
      },
      timeoutMs: 30_000,
    });
  } catch (err) {
    if (err instanceof OutboundRefused) throw err;
    if (err instanceof OutboundFailed) throw new TransaxError('unavailable', `Transax: ${err.kind}`);
    throw err;
  }
  if (res.status === 401 || res.status === 403) throw new TransaxError('refused', `Transax answered ${res.status}`);
  if (res.status !== 200) throw new TransaxError('unavailable', `Transax answered ${res.status}`);
  let parsed: z.infer<typeof AnswerSchema>;
  try {
    parsed = AnswerSchema.parse(res.json());
  } catch {
    throw new TransaxError('unavailable', 'Transax answered something else than a pricing list');
  }
  return parsed.pricing.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description ?? null,
    discountRatePct: p.discountRate ?? null,
    perItemFee: p.perItemFee ?? null,
    monthlyFee: p.monthlyFee ?? null,
  }));
}
