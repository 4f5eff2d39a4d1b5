/** The Harborline Seafood wordmark, drawn in SVG (no external image). */
export function Logo({ siteName }: { siteName: string }) {
  return (
    <svg className="logo" viewBox="0 0 236 40" width="236" height="40" role="img" aria-label={siteName}>
      <path d="M6 28c6-4 12-4 18 0s12 4 18 0" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <path d="M14 20l10-12 10 12z" fill="#C8102E" />
      <text x="50" y="26" fontFamily="Georgia, 'Times New Roman', serif" fontSize="20" fontWeight="700" fill="currentColor">
        Harborline
      </text>
      <text x="160" y="26" fontFamily="Georgia, 'Times New Roman', serif" fontSize="12" fill="currentColor" letterSpacing="1">
        SEAFOOD
      </text>
    </svg>
  );
}
