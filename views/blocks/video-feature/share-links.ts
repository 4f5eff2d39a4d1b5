/** The two networks of the video feature's share icons (spec section 2). */
export function shareLinks(url: string, text: string) {
  const u = encodeURIComponent(url);
  return [
    { network: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    {
      network: 'twitter',
      label: 'Twitter',
      href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(text)}`,
    },
  ] as const;
}
