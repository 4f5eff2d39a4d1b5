import { useEffect, useState, type MouseEvent } from 'react';
import { useT } from '../../page-context';
import { activeSection } from './active-section';
import { throttle } from './throttle';

/** Spec section 9: the scroll handler is throttled at 100 ms. */
export const SCROLL_THROTTLE_MS = 100;

type Item = { name: string; slug: string };

/**
 * The page's scroll-nav menu: links to '#{slug}'. The active item follows the scroll position
 * and is written to the URL hash with replaceState (no history entry per section); clicks
 * smooth-scroll unless the visitor prefers reduced motion.
 */
export function ScrollNavMenu({ items }: { items: Item[] }) {
  const t = useT();
  const [active, setActive] = useState<string | null>(null);

  useEffect(() => {
    const update = () => {
      const tops = items.flatMap(({ slug }) => {
        const element = document.getElementById(slug);
        return element ? [{ slug, top: element.getBoundingClientRect().top }] : [];
      });
      const next = activeSection(tops, window.innerHeight / 3);
      setActive(next);
      const hash = next ? `#${next}` : '';
      if (next && window.location.hash !== hash) window.history.replaceState(window.history.state, '', hash);
    };
    const onScroll = throttle(update, SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
    };
  }, [items]);

  const onClick = (slug: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(slug);
    if (!target) return;
    event.preventDefault();
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
    window.history.replaceState(window.history.state, '', `#${slug}`);
    setActive(slug);
  };

  return (
    <nav className="scroll-nav" aria-label={t('On this page')}>
      <ul>
        {items.map((item) => (
          <li key={item.slug}>
            <a
              href={`#${item.slug}`}
              className={item.slug === active ? 'is-active' : undefined}
              aria-current={item.slug === active ? 'location' : undefined}
              onClick={onClick(item.slug)}
            >
              {item.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
