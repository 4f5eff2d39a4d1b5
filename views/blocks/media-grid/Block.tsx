import { ResponsiveImage } from '../../components/ResponsiveImage';
import type { BlockProps } from '../define';
import { BackgroundVideo } from './BackgroundVideo';
import { VideoSourcesAndTracks, videoPoster } from '../video-parts';
import { packRows } from './rows';
import type { MediaGridValue, MediaTile } from './schema';

function Tile({ tile }: { tile: MediaTile }) {
  switch (tile.kind) {
    case 'image':
      return (
        <ResponsiveImage
          image={tile.image}
          sizes={`(max-width: 840px) 100vw, ${Math.round((tile.width / 12) * 1200)}px`}
        />
      );
    case 'background_video':
      return <BackgroundVideo video={tile.video} />;
    case 'video':
      return (
        <video
          controls
          preload="none"
          playsInline
          poster={videoPoster(tile.video)?.url}
          aria-label={tile.video.title || undefined}
        >
          <VideoSourcesAndTracks video={tile.video} />
        </video>
      );
  }
}

export function MediaGridBlock({ value }: BlockProps<MediaGridValue>) {
  return (
    <section className="block-media-grid" data-block-type="media_grid">
      {value.heading ? <h2>{value.heading}</h2> : null}
      {packRows(value.tiles).map((row, rowIndex) => (
        <div key={rowIndex} className="block-media-grid__row">
          {row.map((tile, index) => (
            <div
              key={index}
              className={`block-media-grid__tile block-media-grid__tile--${tile.kind}`}
              style={{ gridColumn: `span ${tile.width}` }}
            >
              <Tile tile={tile} />
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}
