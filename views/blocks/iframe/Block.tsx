import type { BlockProps } from '../define';
import type { IframeValue } from './schema';

/**
 * Two frames when a mobile URL exists; CSS shows one per side of the 840px breakpoint. Both are
 * lazy, and browsers do not load a lazy frame that is display:none, so only one loads.
 */
export function IframeBlock({ value }: BlockProps<IframeValue>) {
  const frame = (src: string, height: number, variant: string) => (
    <iframe
      className={`block-iframe__frame block-iframe__frame--${variant}`}
      src={src}
      title={value.title}
      height={height}
      loading="lazy"
      allow="fullscreen; picture-in-picture"
      referrerPolicy="strict-origin-when-cross-origin"
      // No sandbox: the providers' players need scripts and their own origin, and a sandbox
      // allowing both removes itself (docs/decisions/2026-11-29-embeds-without-sandbox.md).
      // The frame is another origin by construction (allow-listed https hosts, CSP frame-src).
    />
  );
  return (
    <div className={`block-iframe${value.mobile_url ? ' block-iframe--responsive' : ''}`} data-block-type="iframe">
      {frame(value.url, value.height, 'desktop')}
      {value.mobile_url ? frame(value.mobile_url, value.mobile_height ?? value.height, 'mobile') : null}
    </div>
  );
}
