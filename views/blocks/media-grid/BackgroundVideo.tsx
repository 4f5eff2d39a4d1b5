import { useEffect, useRef, useState } from 'react';
import type { Video } from '../../../shared/schemas/media';
import { useT } from '../../page-context';
import { VideoSourcesAndTracks, videoPoster } from '../video-parts';

/** Spec section 9: the video plays only while at least 10% of it is in the viewport. */
const VISIBILITY_THRESHOLD = 0.1;

/**
 * A muted looping background video: a loading state until it can play, playing only while
 * visible (and the visitor has not paused it or asked for reduced motion), with Pause/Play.
 */
export function BackgroundVideo({ video }: { video: Video }) {
  const t = useT();
  const ref = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [paused, setPaused] = useState(false);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A browser-only preference, read after hydration so the first render matches the server's.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPaused(true);
    const observer = new IntersectionObserver(([entry]) => setVisible(Boolean(entry?.isIntersecting)), {
      threshold: VISIBILITY_THRESHOLD,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (visible && !paused) element.play().catch(() => setPaused(true));
    else element.pause();
  }, [visible, paused]);

  return (
    <div className={`background-video${ready ? '' : ' background-video--loading'}`} aria-busy={!ready}>
      <video
        ref={ref}
        muted
        loop
        playsInline
        preload="metadata"
        poster={videoPoster(video)?.url}
        onCanPlay={() => setReady(true)}
        aria-label={video.title || undefined}
      >
        <VideoSourcesAndTracks video={video} />
      </video>
      <button type="button" className="background-video__toggle" onClick={() => setPaused((value) => !value)}>
        {paused ? t('Play') : t('Pause')}
      </button>
    </div>
  );
}
