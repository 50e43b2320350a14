/**
 * Plans, prices and quotas: the one table later features read their limits from.
 * `null` quota means unlimited. Lifetime quotas count everything ever used (spec part 2 §9).
 */
export const PLAN_IDS = ['free', 'basic', 'standard', 'professional', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const PLAN_UNITS = ['month', 'year'] as const;
export type PlanUnit = (typeof PLAN_UNITS)[number];

export interface PlanQuotas {
  /** highlights and sticky notes (annPermission) */
  annotations: number | null;
  pdfs: number | null;
  images: number | null;
  outliners: number | null;
  /** cached page copies (lifetime) */
  cachedPages: number | null;
}

export interface Plan {
  id: PlanId;
  label: string;
  premium: boolean;
  /** prices in dollars; null when the plan is not sold by that term */
  monthPrice: number | null;
  yearPrice: number | null;
  quotas: PlanQuotas;
  fullText: boolean;
  ads: boolean;
  prioritySupport: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    label: 'Free',
    premium: false,
    monthPrice: null,
    yearPrice: null,
    quotas: { annotations: 100, pdfs: 100, images: 100, outliners: 3, cachedPages: 500 },
    fullText: false,
    ads: true,
    prioritySupport: false,
  },
  basic: {
    id: 'basic',
    label: 'Basic',
    premium: true,
    monthPrice: null,
    yearPrice: 10,
    quotas: { annotations: null, pdfs: 1000, images: 1000, outliners: 20, cachedPages: null },
    fullText: true,
    ads: false,
    prioritySupport: true,
  },
  standard: {
    id: 'standard',
    label: 'Standard',
    premium: true,
    monthPrice: 5,
    yearPrice: 40,
    quotas: { annotations: null, pdfs: 5000, images: 5000, outliners: 100, cachedPages: null },
    fullText: true,
    ads: false,
    prioritySupport: true,
  },
  professional: {
    id: 'professional',
    label: 'Professional',
    premium: true,
    monthPrice: 6,
    yearPrice: 59,
    quotas: { annotations: null, pdfs: null, images: null, outliners: null, cachedPages: null },
    fullText: true,
    ads: false,
    prioritySupport: true,
  },
  business: {
    id: 'business',
    label: 'Business',
    premium: true,
    // per user per month
    monthPrice: 10,
    yearPrice: null,
    quotas: { annotations: null, pdfs: null, images: null, outliners: null, cachedPages: null },
    fullText: true,
    ads: false,
    prioritySupport: true,
  },
};

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** Allowed while used is below quota; no quota means unlimited (spec part 1 §4). */
export function withinQuota(quota: number | null, used: number): boolean {
  return quota === null || used < quota;
}

/** Over quota when a used count exceeds a non-null quota (spec part 1 §4). */
export function overQuota(quota: number | null, used: number): boolean {
  return quota !== null && used > quota;
}
