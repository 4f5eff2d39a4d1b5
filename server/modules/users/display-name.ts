/** The fields a person's name is made of (a joined user may be missing: all null). */
export type NamedUser = { username: string | null; first_name: string | null; last_name: string | null };

/**
 * How the site shows a person everywhere (Wagtail's get_user_display_name): 'First Last', else the
 * username; null when there is no user (deleted, or none joined). The SQL twin is displayNameSql
 * in users/repo.ts, for lists that sort or filter by the name.
 */
export function displayName(user: NamedUser): string | null {
  if (!user.username) return null;
  return `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.username;
}
