import { useRef, useState } from 'react';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { useT } from '../../page-context';
import type { FullWidthMediaItem } from './schema';
import { VideoSourcesAndTracks, videoPoster } from '../video-parts';

/** A video with its own Play/Pause button; it starts paused and shows its poster before JS. */
function PlayableVideo({ video }: { video: Extract<FullWidthMediaItem, { kind: 'video' }>['video'] }) {
  const t = useT();
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const element = ref.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  const poster = videoPoster(video);
  return (
    <div className="full-width-media__video">
      {/* width/height from the poster reserve the video's box before anything loads (no shift). */}
      <video
        ref={ref}
        poster={poster?.url}
        width={poster?.width}
        height={poster?.height}
        playsInline
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        title={video.title || undefined}
      >
        <VideoSourcesAndTracks video={video} />
      </video>
      <button
        type="button"
        className="button button--secondary full-width-media__toggle"
        onClick={toggle}
        aria-pressed={playing}
      >
        {playing ? t('Pause') : t('Play')}
      </button>
    </div>
  );
}

export function Media({ media }: { media: FullWidthMediaItem }) {
  if (media.kind === 'image') return <ResponsiveImage image={media.image} sizes="100vw" />;
  if (media.kind === 'video') return <PlayableVideo video={media.video} />;
  return (
    <iframe
      className="full-width-media__embed"
      src={media.url}
      title={media.title}
      loading="lazy"
      allow="fullscreen; picture-in-picture"
      // No sandbox: the providers' players need scripts and their own origin, and a sandbox
      // allowing both removes itself (docs/decisions/2026-11-29-embeds-without-sandbox.md).
      // The frame is another origin by construction (allow-listed https hosts, CSP frame-src).
    />
  );
}
