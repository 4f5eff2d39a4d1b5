import { benchLighthouse } from './lighthouse';

/** `npm run bench:lighthouse` alone (it is not part of `npm run bench`, which is long already). */
await benchLighthouse();
