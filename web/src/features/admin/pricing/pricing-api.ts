import { z } from 'zod/mini';
import type { CreatePricingRule, PricingRuleChanges } from '@shared/admin-pricing';
import { pricingRuleSchema, type PricingRule } from '@shared/pricing-rule-schema';
import { adminRequest } from '../api/admin-request';

const rules = z.array(pricingRuleSchema);

export const pricingKeys = { all: ['admin', 'pricing-rules'] as const };

export const listPricingRules = (): Promise<PricingRule[]> => adminRequest('/admin/pricing', rules);
export const createPricingRule = (body: CreatePricingRule): Promise<PricingRule> => adminRequest('/admin/pricing', pricingRuleSchema, { method: 'POST', body });
export const updatePricingRule = (id: string, body: PricingRuleChanges): Promise<PricingRule> =>
  adminRequest(`/admin/pricing/${encodeURIComponent(id)}`, pricingRuleSchema, { method: 'PUT', body });
export const deletePricingRule = (id: string): Promise<unknown> => adminRequest(`/admin/pricing/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' });
