import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { environmentEmbedHosts } from '../../../shared/embeds/allow-list';
import { embedHostOf, KNOWN_PROVIDERS, resolveEmbed } from '../../../shared/embeds/providers';
import type { EmbedsView } from '../../../shared/admin/embeds';
import {
  describeField,
  EMBED_MODEL,
  listReferencesTo,
  referencedIdsOfModel,
  referencesInContent,
} from '../references/service';
import { storedSettings } from '../site-settings/service';
import { listSites } from '../sites/repo';
import * as repo from './repo';

/**
 * Embeds (Wagtail's /admin/embeds/): the video and social URLs the content uses. Each is resolved
 * offline by the providers table (shared/embeds/providers.ts); whether a URL may be embedded is
 * decided by the allow-list of the site the content belongs to: its site settings' hosts, else
 * the environment's (EMBED_ALLOWED_HOSTS).
 */

/** The embed hosts a site allows: its settings' own list, else the environment's. */
export async function siteEmbedHosts(db: Db, siteId: number | undefined): Promise<readonly string[]> {
  if (siteId === undefined) return environmentEmbedHosts();
  const { value } = await storedSettings(db, siteId);
  return value.embed_hosts ?? environmentEmbedHosts();
}

/**
 * Field errors for embed URLs in `content` whose host the site of `treePath` does not allow,
 * keyed by the block field ('body.2.value.url'), as the editor marks block errors.
 */
export async function embedErrors(db: Db, treePath: string, content: unknown): Promise<Record<string, string[]>> {
  const embeds = referencesInContent(content).filter((ref) => ref.model === EMBED_MODEL);
  if (embeds.length === 0) return {};
  const siteId = await repo.siteIdHoldingPath(db, treePath);
  const hosts = await siteEmbedHosts(db, siteId);
  const errors: Record<string, string[]> = Object.create(null);
  for (const embed of embeds) {
    const host = embedHostOf(embed.id);
    if (host && hosts.includes(host)) continue;
    const allowed = hosts.length ? hosts.join(', ') : 'none';
    const message = host
      ? `${host} is not on this site's embed allow-list (allowed: ${allowed}). Use a URL from an allowed host, or ask an administrator to add ${host} in Settings › Site settings.`
      : 'Enter an https:// address of an embed (a YouTube or Vimeo video, for example).';
    (errors[embed.field] ??= []).push(message);
  }
  return errors;
}

/** Refuses content with an embed its site does not allow (a 400 with the block fields marked). */
export async function assertEmbedsAllowed(db: Db, treePath: string, content: unknown): Promise<void> {
  const errors = await embedErrors(db, treePath, content);
  if (Object.keys(errors).length)
    throw new HttpError(400, 'invalid_page', 'The page could not be saved: an embed is not on the allow-list.', errors);
}

export type EmbedListing = {
  id: number | null;
  url: string;
  providerName: string;
  embedUrl: string;
  title: string;
  usage: number;
};

/** Every embed the content uses, with its resolution and how many objects use it. */
export async function listUsedEmbeds(db: Db): Promise<EmbedListing[]> {
  const used = await referencedIdsOfModel(db, EMBED_MODEL);
  const recorded = new Map(
    (
      await repo.findEmbedsByUrl(
        db,
        used.map((u) => u.id),
      )
    ).map((embed) => [embed.url, embed]),
  );
  const out: EmbedListing[] = [];
  for (const { id: url, count } of used) {
    const embed = recorded.get(url);
    const resolved = embed ? undefined : resolveEmbed(url);
    out.push({
      id: embed?.id ?? null,
      url,
      providerName: embed?.provider_name ?? resolved?.providerName ?? 'Unknown',
      embedUrl: embed?.embed_url ?? resolved?.embedUrl ?? url,
      title: embed?.title ?? resolved?.title ?? url,
      usage: count,
    });
  }
  return out.sort((a, b) => a.providerName.localeCompare(b.providerName) || a.url.localeCompare(b.url));
}

/** Where one embed (by URL) is used. */
export function embedUsage(db: Db, url: string) {
  return listReferencesTo(db, { model: EMBED_MODEL, id: url });
}

export function findEmbed(db: Db, id: number) {
  return repo.findEmbed(db, id);
}

const USED_BY_SHOWN = 10;
const EMBEDS_SHOWN = 500;

/** Which embeds to describe: a page of them in provider order (then by URL); by default the first 500. */
export type EmbedsPage = { limit: number; offset: number; desc?: boolean };

/**
 * The embeds list (admin/embeds): each embed with its resolution, the sites that allow it and
 * where it is used. Only the embeds of the page asked for are looked up in detail.
 */
export async function embedsOverview(
  db: Db,
  page: EmbedsPage = { limit: EMBEDS_SHOWN, offset: 0 },
): Promise<EmbedsView & { total: number }> {
  const all = await listUsedEmbeds(db);
  if (page.desc) all.reverse();
  const embeds = all.slice(page.offset, page.offset + page.limit);
  const sites = await listSites(db);
  const hostsBySite = await Promise.all(
    sites.map(async (site) => ({ name: site.site_name || site.hostname, hosts: await siteEmbedHosts(db, site.id) })),
  );
  const items: EmbedsView['items'] = [];
  for (const embed of embeds) {
    const host = embedHostOf(embed.url);
    const usage = await embedUsage(db, embed.url);
    const objects = new Map<string, { label: string; href?: string; where: string }>();
    for (const row of usage) {
      const key = `${row.model}\u0000${row.id}`;
      const where = [row.type, describeField(row.field)].filter(Boolean).join(': ');
      const known = objects.get(key);
      if (known) known.where = `${known.where}; ${describeField(row.field)}`;
      else objects.set(key, { label: row.label, href: row.editUrl, where });
    }
    const usedBy = [...objects.values()];
    items.push({
      url: embed.url,
      title: embed.title,
      providerName: embed.providerName,
      embedUrl: embed.embedUrl,
      allowedOn: hostsBySite.filter((site) => host !== undefined && site.hosts.includes(host)).map((site) => site.name),
      usedBy: usedBy.slice(0, USED_BY_SHOWN),
      more: Math.max(0, usedBy.length - USED_BY_SHOWN),
    });
  }
  return { providers: KNOWN_PROVIDERS, items, total: all.length };
}
