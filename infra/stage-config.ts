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
  /** Where alarm notifications go (an SNS e-mail subscription, confirmed from the first message). */
  alarmEmail: z.email().optional(),
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

/**
 * Per-deployment values that are not secrets come from CDK context, e.g.
 * `-c stage=prod -c domainName=stay.example.in -c certificateArn=arn:aws:acm:us-east-1:... -c alarmEmail=ops@example.in -c razorpayKeyId=rzp_live_...`.
 */
export function stageConfigFromContext(read: (key: string) => unknown): StageConfig {
  const text = (key: string) => {
    const value = read(key);
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  };
  const domainName = text('domainName');
  const certificateArn = text('certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) throw new Error('domainName and certificateArn go together (the certificate must be in us-east-1)');
  const optional = {
    ...(domainName && certificateArn ? { domain: { name: domainName, certificateArn } } : {}),
    ...(text('emailSender') ? { emailSender: text('emailSender') } : {}),
    ...(text('razorpayKeyId') ? { razorpayKeyId: text('razorpayKeyId') } : {}),
    ...(text('alarmEmail') ? { alarmEmail: text('alarmEmail') } : {}),
  };
  return stageConfig(text('stage') ?? 'dev', optional);
}
