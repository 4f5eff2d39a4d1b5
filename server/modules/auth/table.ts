import type { ColumnType, Generated } from 'kysely';

export type LoginAttemptScope = 'username' | 'ip';

export interface LoginAttemptTable {
  id: Generated<number>;
  scope: LoginAttemptScope;
  key: string;
  attempted_at: ColumnType<Date, Date | string | undefined, never>;
}
