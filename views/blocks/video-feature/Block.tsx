import { useEffect, useRef, useState } from 'react';
import { useCurrentPath } from '../../current-page';
import { usePageContext, useT } from '../../page-context';
import { Icon } from '../../components/header/Icon';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import type { BlockProps } from '../define';
import type { VideoFeatureValue } from './schema';
import { shareLinks } from './share-links';
import { VideoSourcesAndTracks, videoPoster } from '../video-parts';

/**
 * Starts with the teaser; Play reveals the video and starts it, Close hides it again and returns
 * focus to Play (spec section 4). The video element exists only while shown, so nothing loads early.
 */
export function VideoFeatureBlock({ id, value }: BlockProps<VideoFeatureValue>) {
  const t = useT();
  const { siteUrl } = usePageContext();
  const path = useCurrentPath();
  const [shown, setShown] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const play = useRef<HTMLButtonElement>(null);
  const wasShown = useRef(false);

  useEffect(() => {
    if (shown) {
      video.current?.focus();
      video.current?.play().catch(() => undefined);
    } else if (wasShown.current) play.current?.focus();
    wasShown.current = shown;
  }, [shown]);

  const shareUrl = value.share_url ?? new URL(path || '/', siteUrl).href;
  const videoId = `video-feature-${id}`;
  return (
    <section className="block-video-feature" data-block-type="video_feature">
      <div className="block-video-feature__teaser" hidden={shown}>
        <ResponsiveImage image={value.image} sizes="(max-width: 840px) 100vw, 1200px" />
        <div className="block-video-feature__text">
          <h2>{value.heading}</h2>
          {value.description ? <p>{value.description}</p> : null}
          <button
            ref={play}
            type="button"
            className="button button--primary"
            aria-controls={videoId}
            aria-expanded={shown}
            onClick={() => setShown(true)}
          >
            {t('Play')}
            <span className="visually-hidden"> {value.heading}</span>
          </button>
        </div>
      </div>
      <div id={videoId} className="block-video-feature__player" hidden={!shown}>
        {shown ? (
          <video
            ref={video}
            controls
            playsInline
            preload="none"
            poster={videoPoster(value.video)?.url}
            aria-label={value.video.title || value.heading}
            tabIndex={-1}
          >
            <VideoSourcesAndTracks video={value.video} />
          </video>
        ) : null}
        <button
          type="button"
          className="button button--secondary block-video-feature__close"
          onClick={() => setShown(false)}
        >
          {t('Close')}
        </button>
      </div>
      <ul className="block-video-feature__share" aria-label={t('Share')}>
        {shareLinks(shareUrl, value.heading).map((link) => (
          <li key={link.network}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              <Icon
                name={link.network}
                label={`${t('Share on {network}', { values: { network: link.label } })} ${t('(opens in a new tab)')}`}
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
