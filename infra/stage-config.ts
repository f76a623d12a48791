import * as z from 'zod';

/**
 * Everything that differs between stages, in one typed place. Secrets are not here: they live in
 * Secrets Manager and the functions read them at cold start.
 */
const stageConfigSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9-]{1,20}$/, 'Stage names are 2-21 lower-case letters, digits and dashes'),
  /** prod keeps its data when the stack is deleted and refuses to delete the table. */
  retainData: z.boolean(),
  logRetentionDays: z.union([z.literal(7), z.literal(30), z.literal(90), z.literal(365)]),
  domain: z.object({ name: z.string().min(3), certificateArn: z.string().startsWith('arn:aws:acm:us-east-1:') }).optional(),
  emailSender: z.email().optional(),
  razorpayKeyId: z.string().regex(/^rzp_(test|live)_\w+$/).optional(),
});

export type StageConfig = z.infer<typeof stageConfigSchema>;

const knownStages: Record<string, Omit<StageConfig, 'name'>> = {
  prod: { retainData: true, logRetentionDays: 90 },
  staging: { retainData: false, logRetentionDays: 30 },
  dev: { retainData: false, logRetentionDays: 7 },
};

/** `-c stage=<name>`: prod and staging have their settings; any other name is a disposable dev stage. */
export function stageConfig(name: string, overrides: Partial<Omit<StageConfig, 'name'>> = {}): StageConfig {
  return stageConfigSchema.parse({ name, ...(knownStages[name] ?? knownStages.dev), ...overrides });
}
