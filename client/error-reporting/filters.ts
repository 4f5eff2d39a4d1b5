/**
 * Noise that says nothing about our code (spec section 7: "many noisy third-party and
 * browser-extension errors and URLs are ignored"). Drawn from the lists that Sentry's own
 * "decluttering" guide and most production set-ups carry; matched case-sensitively like theirs.
 */
export const IGNORED_MESSAGES: readonly (string | RegExp)[] = [
  // Cross-origin scripts hide their errors behind this; nothing can be learned from it.
  'Script error.',
  // Harmless layout notifications that Chromium reports as errors.
  'ResizeObserver loop limit exceeded',
  'ResizeObserver loop completed with undelivered notifications',
  // Flaky networks and navigations that abort requests.
  'Failed to fetch',
  'NetworkError when attempting to fetch resource',
  'Load failed',
  'The network connection was lost',
  /^AbortError\b/,
  'Non-Error promise rejection captured',
  // Browser extensions, toolbars and in-app browsers injecting code into the page.
  'top.GLOBALS',
  'originalCreateNotification',
  'canvas.contentDocument',
  'MyApp_RemoveAllHighlights',
  'atomicFindClose',
  'fb_xd_fragment',
  'bmi_SafeAddOnload',
  'EBCallBackMessageReceived',
  'conduitPage',
  "Can't find variable: ZiteReader",
  'jigsaw is not defined',
  'ComboSearch is not defined',
  'instantSearchSDKJSBridgeClearHighlight',
  'Java exception was raised during method invocation',
  '__gCrWeb',
  'vid_mate_check',
  'webkit-masked-url',
  /^Cannot redefine property: (googletag|ethereum)/,
];

/** Script URLs whose errors are not ours: extensions and common third-party tags. */
export const DENIED_URLS: readonly RegExp[] = [
  /^(chrome|moz|safari|safari-web|ms-browser)-extension:\/\//i,
  /^(webkit-masked-url|resource|opera):\/\//i,
  /extensions\//i,
  /graph\.facebook\.com/i,
  /connect\.facebook\.net/i,
  /googletagmanager\.com/i,
  /google-analytics\.com/i,
  /doubleclick\.net/i,
  /pagead2\.googlesyndication\.com/i,
  /static\.hotjar\.com/i,
  /bat\.bing\.com/i,
  /snap\.licdn\.com/i,
  /analytics\.tiktok\.com/i,
  /s\.pinimg\.com/i,
  /cdn\.cookielaw\.org/i,
  /js\.hs-scripts\.com/i,
];

function matches(text: string, pattern: string | RegExp): boolean {
  return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
}

/** True when an error with this message, thrown from these script URLs, should not be sent. */
export function isNoise(message: string, urls: readonly string[]): boolean {
  if (IGNORED_MESSAGES.some((pattern) => matches(message, pattern))) return true;
  return urls.some((url) => DENIED_URLS.some((pattern) => pattern.test(url)));
}
