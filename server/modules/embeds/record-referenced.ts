import type { Db } from '../../db';
import { resolveEmbed } from '../../../shared/embeds/providers';
import { EMBED_MODEL, type ReferenceTo } from '../references/service';
import { upsertEmbeds, type EmbedValues } from './repo';

/**
 * Embeds are resolved offline as content references them, so the embeds screen lists every URL
 * in use: a listener of every save of references (registered in server/composition.ts).
 */
export async function recordReferencedEmbeds(db: Db, to: readonly ReferenceTo[]): Promise<void> {
  const embeds = new Map<string, EmbedValues>();
  for (const target of to) {
    if (target.model !== EMBED_MODEL) continue;
    const resolved = resolveEmbed(String(target.id), target.label);
    if (resolved)
      embeds.set(String(target.id), {
        url: String(target.id),
        provider_name: resolved.providerName,
        embed_url: resolved.embedUrl,
        title: resolved.title.slice(0, 255),
        type: resolved.type,
      });
  }
  await upsertEmbeds(
    db,
    [...embeds.values()].sort((a, b) => a.url.localeCompare(b.url)),
  );
}
