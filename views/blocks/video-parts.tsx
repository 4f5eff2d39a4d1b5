import type { Rendition, Video } from '../../shared/schemas/media';

/**
 * The inside of every block's <video>: a <source> per file, then a <track> per caption track
 * (from the video library: `src` is /video-track/{pk}/, `srclang` and `label` name the language,
 * and the default track carries `default`).
 */
export function VideoSourcesAndTracks({ video }: { video: Video }) {
  return (
    <>
      {video.sources.map((source) => (
        <source key={source.url} src={source.url} type={source.mimetype} />
      ))}
      {video.tracks.map((track) => (
        <track
          key={track.src}
          kind={track.kind}
          src={track.src}
          srcLang={track.srclang}
          label={track.label || undefined}
          default={track.default || undefined}
        />
      ))}
    </>
  );
}

/**
 * The poster's rendition: the widest WebP (a poster attribute has no srcset, so one file serves
 * every screen; WebP is shown by every browser the build targets and is well under half the
 * bytes of the JPEG, which a phone fetches even for a video it never plays), else the widest
 * in the original's own format (JPEG or PNG), else the widest listed.
 */
export function videoPoster(video: Video): Rendition | undefined {
  const renditions = video.poster?.renditions ?? [];
  const widest = (type: (mimetype: string) => boolean) =>
    renditions
      .filter((rendition) => type(rendition.mimetype))
      .reduce<Rendition | undefined>(
        (best, rendition) => (!best || rendition.width > best.width ? rendition : best),
        undefined,
      );
  return (
    widest((type) => type === 'image/webp') ??
    widest((type) => type === 'image/jpeg' || type === 'image/png') ??
    widest(() => true)
  );
}
