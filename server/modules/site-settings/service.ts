import { inTransaction, type Db } from '../../db';
import { badRequest, HttpError } from '../../errors';
import { eventBusFor } from '../../events';
import type { Logger } from '../../logger';
import { configureEmbedHosts } from '../../../shared/embeds/allow-list';
import { siteSettingsValueSchema, type SiteSettingsValue } from '../../../shared/schemas/site-settings';
import { lastModelChange, logModelAction } from '../audit/model-log';
import { listSites } from '../sites/repo';
import * as repo from './repo';
import { formatAdminTime } from '../../../shared/admin/admin-clock';

export const SITE_SETTINGS_MODEL = 'core.sitesettings';
/** Every dyno drops its settings cache when one saves (server/events.ts). */
export const SITE_SETTINGS_CHANNEL = 'site_settings_changed';

/** The environment's values (server/config.ts): what an empty setting falls back to. */
export type SiteSettingsDefaults = {
  a11yFeedbackUrl?: string;
  embedHosts: readonly string[];
  securityContact?: string;
  mapStyleUrl?: string;
};

/** What the public site uses for one site: the staff's value, else the environment's. */
export type EffectiveSiteSettings = {
  newHeader: boolean;
  a11yFeedbackUrl: string | null;
  embedHosts: readonly string[];
  securityContact: string | null;
  defaultSocialImageId: number | null;
  robotsPolicy: 'index' | 'noindex';
  mapStyleUrl: string | null;
};

export function effectiveSettings(value: SiteSettingsValue, defaults: SiteSettingsDefaults): EffectiveSiteSettings {
  return {
    newHeader: value.new_header,
    a11yFeedbackUrl: value.a11y_feedback_url || defaults.a11yFeedbackUrl || null,
    embedHosts: value.embed_hosts ?? defaults.embedHosts,
    securityContact: value.security_contact || defaults.securityContact || null,
    defaultSocialImageId: value.default_social_image_id,
    robotsPolicy: value.robots_policy,
    mapStyleUrl: value.map_style_url || defaults.mapStyleUrl || null,
  };
}

/** A stored value that no longer parses is logged and read as empty (the defaults), never a 500. */
function parseStored(value: unknown, logger: Logger | undefined, siteId: number): SiteSettingsValue {
  const parsed = siteSettingsValueSchema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  logger?.warn({ siteId, issues: parsed.error.issues }, 'stored site settings fail their schema; using the defaults');
  return siteSettingsValueSchema.parse({});
}

const originOf = (url: string | null) => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/**
 * The settings of every site, held in this process and reloaded (one small query) when any dyno
 * saves settings: `listen()` subscribes to SITE_SETTINGS_CHANNEL on the event bus. Page renders,
 * robots.txt and security.txt await `forSite`; the CSP middleware reads the synchronous union
 * accessors (the allowed frame hosts, map and form origins of all sites). The embed allow-list
 * that block schemas check is set to the union of every site's hosts.
 */
export class SiteSettingsCache {
  private snapshot = new Map<number, EffectiveSiteSettings>();
  private loading: Promise<Map<number, EffectiveSiteSettings>> | undefined;

  constructor(
    private readonly db: Db,
    readonly defaults: SiteSettingsDefaults,
    private readonly logger?: Logger,
  ) {}

  private load(): Promise<Map<number, EffectiveSiteSettings>> {
    this.loading ??= (async () => {
      const rows = await repo.listSettings(this.db, SITE_SETTINGS_MODEL);
      const next = new Map<number, EffectiveSiteSettings>();
      for (const row of rows)
        next.set(row.site_id, effectiveSettings(parseStored(row.value, this.logger, row.site_id), this.defaults));
      this.snapshot = next;
      configureEmbedHosts(this.frameHosts());
      return next;
    })().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  /** One site's settings (the defaults for a site that never saved any). */
  async forSite(siteId: number): Promise<EffectiveSiteSettings> {
    const all = await this.load();
    return all.get(siteId) ?? effectiveSettings(siteSettingsValueSchema.parse({}), this.defaults);
  }

  /** Drops the snapshot; the next read loads it again. */
  invalidate(): void {
    this.loading = undefined;
    void this.load().catch((error: unknown) => this.logger?.error({ err: error }, 'reloading site settings failed'));
  }

  async listen(): Promise<void> {
    // A missed message (the bus was reconnecting) may have been a change: reload then too.
    await eventBusFor(this.db).subscribe(
      SITE_SETTINGS_CHANNEL,
      () => this.invalidate(),
      () => this.invalidate(),
    );
    await this.load();
  }

  /** The unions of the current snapshot: the CSP reads them on every response, settings change rarely. */
  private unions: { of: Map<number, EffectiveSiteSettings>; values: Map<string, readonly string[]> } | undefined;

  private union(
    name: string,
    pick: (settings: EffectiveSiteSettings) => readonly string[],
    fallback: () => readonly string[],
  ): readonly string[] {
    if (this.unions?.of !== this.snapshot) this.unions = { of: this.snapshot, values: new Map() };
    const known = this.unions.values.get(name);
    if (known) return known;
    const values = new Set(fallback());
    for (const settings of this.snapshot.values()) for (const value of pick(settings)) values.add(value);
    const union = Object.freeze([...values]);
    this.unions.values.set(name, union);
    return union;
  }

  frameHosts(): readonly string[] {
    return this.union(
      'frame',
      (s) => s.embedHosts,
      () => this.defaults.embedHosts,
    );
  }

  mapOrigins(): readonly string[] {
    return this.union(
      'map',
      (s) => originOf(s.mapStyleUrl),
      () => originOf(this.defaults.mapStyleUrl ?? null),
    );
  }

  formActionOrigins(): readonly string[] {
    return this.union(
      'form',
      (s) => originOf(s.a11yFeedbackUrl),
      () => originOf(this.defaults.a11yFeedbackUrl ?? null),
    );
  }
}

/** The settings form's values of a site as stored (empty fields: the defaults apply). */
export async function storedSettings(db: Db, siteId: number): Promise<{ value: SiteSettingsValue; version: number }> {
  const row = await repo.findSettings(db, siteId, SITE_SETTINGS_MODEL);
  return { value: parseStored(row?.value, undefined, siteId), version: row?.version ?? 0 };
}

/**
 * Saves one site's settings from a form opened on `version` (0: never saved). A newer save
 * meanwhile is a 409 naming who and when. Every dyno is told to reload its settings.
 */
export async function saveSiteSettings(
  db: Db,
  siteId: number,
  version: number,
  value: SiteSettingsValue,
  userId: number,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await listSites(trx)).some((site) => site.id === siteId))
      throw new HttpError(404, 'not_found', 'The site does not exist.');
    if (value.default_social_image_id !== null && !(await repo.imageExists(trx, value.default_social_image_id))) {
      throw badRequest('That image does not exist.', {
        default_social_image: [`There is no image with id ${value.default_social_image_id}.`],
      });
    }
    const row = await repo.lockSettings(trx, siteId, SITE_SETTINGS_MODEL);
    // A row made just now by lockSettings has version 1 and an empty value: a form opened on 0 may save it.
    const current =
      version === 0 && row.version === 1 && Object.keys(row.value as object).length === 0 ? 0 : row.version;
    if (current !== version) {
      const last = await lastModelChange(trx, SITE_SETTINGS_MODEL, siteId);
      const who = last ? `${last.user ?? 'someone'} at ${formatAdminTime(last.createdAt)}` : 'someone else';
      throw new HttpError(
        409,
        'stale_form',
        `These settings were changed by ${who} after you opened them. Your input is kept below: check it and save again to overwrite.`,
      );
    }
    const before = parseStored(row.value, undefined, siteId);
    await repo.writeSettings(trx, siteId, SITE_SETTINGS_MODEL, value);
    const changed = (Object.keys(value) as Array<keyof SiteSettingsValue>).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(value[key]),
    );
    await logModelAction(trx, {
      model: SITE_SETTINGS_MODEL,
      objectId: siteId,
      objectStr: `Site settings of site ${siteId}`,
      userId,
      action: 'edit',
      data: { changed: changed.map((key) => key.replace(/_/g, ' ')) },
    });
  });
  await eventBusFor(db).publish(SITE_SETTINGS_CHANNEL, String(siteId));
}

/** Sets a site's settings without a user or a version check (the seed; nobody edited them). */
export async function initialiseSiteSettings(db: Db, siteId: number, value: Partial<SiteSettingsValue>): Promise<void> {
  await repo.lockSettings(db, siteId, SITE_SETTINGS_MODEL);
  await repo.writeSettings(db, siteId, SITE_SETTINGS_MODEL, siteSettingsValueSchema.parse(value));
}
