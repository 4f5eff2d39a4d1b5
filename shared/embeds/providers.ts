/**
 * Embed URLs resolved offline (Wagtail's embed finders, without fetching oEmbed): a table of known
 * providers turns a URL into the provider's name, the iframe URL to frame and a title. Whether a
 * URL may be embedded at all is the allow-list's decision (allow-list.ts and each site's
 * settings), not this table's: an allowed host no provider knows is framed as given.
 */
export type ResolvedEmbed = {
  providerName: string;
  /** What the iframe's src is. */
  embedUrl: string;
  /** The block's own title when it has one, else the provider's kind of object and its id. */
  title: string;
  type: 'video' | 'rich';
};

type Provider = {
  name: string;
  hosts: readonly string[];
  /** The object's id in the URL, or undefined when this URL is not one of the provider's objects. */
  match(url: URL): string | undefined;
  embedUrl(id: string): string;
  kind: string;
};

const YOUTUBE_ID = /^[\w-]{6,64}$/;
const firstSegmentAfter = (url: URL, prefix: string) => {
  if (!url.pathname.startsWith(prefix)) return undefined;
  const id = url.pathname.slice(prefix.length).split('/')[0] ?? '';
  return YOUTUBE_ID.test(id) ? id : undefined;
};

const PROVIDERS: readonly Provider[] = [
  {
    name: 'YouTube',
    hosts: [
      'www.youtube.com',
      'youtube.com',
      'm.youtube.com',
      'youtu.be',
      'www.youtube-nocookie.com',
      'youtube-nocookie.com',
    ],
    match(url) {
      if (url.hostname === 'youtu.be') return firstSegmentAfter(url, '/');
      if (url.pathname === '/watch') {
        const id = url.searchParams.get('v') ?? '';
        return YOUTUBE_ID.test(id) ? id : undefined;
      }
      return (
        firstSegmentAfter(url, '/embed/') ?? firstSegmentAfter(url, '/shorts/') ?? firstSegmentAfter(url, '/live/')
      );
    },
    // The privacy-enhanced host: no cookies until the visitor plays the video.
    embedUrl: (id) => `https://www.youtube-nocookie.com/embed/${id}`,
    kind: 'video',
  },
  {
    name: 'Vimeo',
    hosts: ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'],
    match(url) {
      const path = url.hostname === 'player.vimeo.com' ? url.pathname.replace(/^\/video\//, '/') : url.pathname;
      const id = path.split('/').filter(Boolean)[0] ?? '';
      return /^\d{1,15}$/.test(id) ? id : undefined;
    },
    embedUrl: (id) => `https://player.vimeo.com/video/${id}`,
    kind: 'video',
  },
  {
    name: 'Instagram',
    hosts: ['www.instagram.com', 'instagram.com'],
    match(url) {
      const found = /^\/(?:p|reel)\/([\w-]{5,40})\/?/.exec(url.pathname);
      return found?.[1];
    },
    embedUrl: (id) => `https://www.instagram.com/p/${id}/embed/`,
    kind: 'post',
  },
];

const byHost = new Map<string, Provider>(
  PROVIDERS.flatMap((provider) => provider.hosts.map((host) => [host, provider] as const)),
);

/** The providers this table knows, for the embeds screen's help text. */
export const KNOWN_PROVIDERS: readonly string[] = PROVIDERS.map((provider) => provider.name);

/** Resolves an embed URL; undefined for a URL that is not an absolute https URL. */
export function resolveEmbed(raw: string, title?: string): ResolvedEmbed | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return undefined;
  const host = url.hostname.toLowerCase();
  const provider = byHost.get(host);
  const id = provider?.match(url);
  if (provider && id) {
    return {
      providerName: provider.name,
      embedUrl: provider.embedUrl(id),
      title: title?.trim() || `${provider.name} ${provider.kind} ${id}`,
      type: provider.kind === 'video' ? 'video' : 'rich',
    };
  }
  return { providerName: host, embedUrl: url.toString(), title: title?.trim() || host, type: 'rich' };
}

/** The host an embed URL is framed from (what the allow-list is checked against): the URL's own host. */
export function embedHostOf(raw: string): string | undefined {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' ? url.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
