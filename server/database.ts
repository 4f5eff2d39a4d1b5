/**
 * Every table Kysely knows. Each module declares its own tables in its table.ts and merges them
 * into this interface (`declare module '../../database'`), so the database plumbing imports no
 * module and a module's tables live beside its repo. The type checker sees every table.ts (they
 * are all in the program), so a query may name any module's table.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, see above
export interface Database {}
