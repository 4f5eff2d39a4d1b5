/* global Worker, URL, fetch, location */
// The captcha widget (ALTCHA, self-hosted): load it, its French strings, and the one worker our
// challenges need (SHA-256). A failure to load is logged only (spec section 8); the form then
// says it cannot be sent without the check.
import './altcha.js';
import './fr-ca.js';

const workerUrl = new URL('./sha-worker.js', import.meta.url);
// A worker must come from the page's origin: from a configured script origin it is fetched and
// started from a blob (the CSP allows blob: workers).
const sameOrigin = workerUrl.origin === location.origin;
const blobUrl = sameOrigin
  ? null
  : fetch(workerUrl)
      .then((response) => response.blob())
      .then((blob) => URL.createObjectURL(blob));

globalThis.$altcha.algorithms.set(
  'SHA-256',
  sameOrigin ? () => new Worker(workerUrl) : async () => new Worker(await blobUrl),
);
