import * as z from 'zod';

/** What `npm run stack` reads from the environment; a wrong value stops it with one line. */
const schema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//)
    .optional(),
  STACK_PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  STACK_DYNOS: z.coerce.number().int().min(1).max(16).default(3),
  /** The first dyno's port; the others follow. Default: the port after STACK_PORT. */
  STACK_DYNO_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Runs the dynos and the release phase from the TypeScript sources instead of dist/ (tests). */
  STACK_FROM_SOURCE: z.enum(['0', '1']).default('0'),
  EDGE_PURGE_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
});

export type StackSettings = {
  databaseUrl: string;
  port: number;
  dynoPorts: number[];
  fromSource: boolean;
  purgeSecret?: string;
  sessionSecret?: string;
};

const NEEDS_POSTGRES =
  'npm run stack needs DATABASE_URL=postgres://... : several dynos share one PostgreSQL (the embedded PGlite database serves one process)';

export function stackSettings(env: NodeJS.ProcessEnv): StackSettings | { error: string } {
  if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL?.trim() ?? '')) return { error: NEEDS_POSTGRES };
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    return { error: `Invalid ${name}: ${issue.message}` };
  }
  const values = parsed.data;
  const first = values.STACK_DYNO_PORT ?? values.STACK_PORT + 1;
  if (first + values.STACK_DYNOS - 1 > 65535) return { error: 'Invalid STACK_DYNO_PORT: the dynos’ ports pass 65535' };
  return {
    databaseUrl: values.DATABASE_URL!,
    port: values.STACK_PORT,
    dynoPorts: Array.from({ length: values.STACK_DYNOS }, (_, index) => first + index),
    fromSource: values.STACK_FROM_SOURCE === '1',
    purgeSecret: values.EDGE_PURGE_SECRET,
    sessionSecret: values.SESSION_SECRET,
  };
}
