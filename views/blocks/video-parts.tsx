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
        <track key={track.src} kind={track.kind} src={track.src} srcLang={track.srclang} label={track.label || undefined} default={track.default || undefined} />
      ))}
    </>
  );
}

/**
 * The poster's rendition: the widest in the original's own format (JPEG or PNG: every browser
 * shows it in a poster attribute, which has no srcset), else the last listed.
 */
export function videoPoster(video: Video): Rendition | undefined {
  const renditions = video.poster?.renditions ?? [];
  const plain = renditions.filter((rendition) => rendition.mimetype === 'image/jpeg' || rendition.mimetype === 'image/png');
  return (plain.length ? plain : renditions).reduce<Rendition | undefined>((best, rendition) => (!best || rendition.width > best.width ? rendition : best), undefined);
}
