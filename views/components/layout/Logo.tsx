/** The wordmark's drawing as React prints it, for the server to write as one piece (see IconSprite). */
const DRAWING =
  '<path d="M6 28c6-4 12-4 18 0s12 4 18 0" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round"></path>' +
  '<path d="M14 20l10-12 10 12z" fill="#C8102E"></path>' +
  '<text x="50" y="26" font-family="Georgia, &#x27;Times New Roman&#x27;, serif" font-size="20" font-weight="700" fill="currentColor">Harborline</text>' +
  '<text x="160" y="26" font-family="Georgia, &#x27;Times New Roman&#x27;, serif" font-size="12" fill="currentColor" letter-spacing="1">SEAFOOD</text>';

/** The Harborline Seafood wordmark, drawn in SVG (no external image). */
export function Logo({ siteName }: { siteName: string }) {
  if (process.env.BROWSER_BUNDLE !== '1')
    return (
      <svg
        className="logo"
        viewBox="0 0 236 40"
        width="236"
        height="40"
        role="img"
        aria-label={siteName}
        dangerouslySetInnerHTML={{ __html: DRAWING }}
      />
    );
  return (
    <svg className="logo" viewBox="0 0 236 40" width="236" height="40" role="img" aria-label={siteName}>
      <path d="M6 28c6-4 12-4 18 0s12 4 18 0" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <path d="M14 20l10-12 10 12z" fill="#C8102E" />
      <text
        x="50"
        y="26"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontSize="20"
        fontWeight="700"
        fill="currentColor"
      >
        Harborline
      </text>
      <text
        x="160"
        y="26"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontSize="12"
        fill="currentColor"
        letterSpacing="1"
      >
        SEAFOOD
      </text>
    </svg>
  );
}
