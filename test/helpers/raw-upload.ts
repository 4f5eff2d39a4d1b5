import { randomBytes } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { csrfTokenIn } from './admin';

/** A session of the back office over plain HTTP: its cookie and a CSRF token of it. */
export type RawSession = { cookie: string; token: string };

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

/** A session that is not signed in, with its CSRF token (from the login page). */
export async function anonymousSession(baseUrl: string): Promise<RawSession> {
  const page = await fetch(`${baseUrl}/wagtail/login/`);
  return { cookie: cookieOf(page.headers), token: csrfTokenIn(await page.text()) };
}

/** Signs in on the login form over HTTP (for requests supertest cannot make: bodies left open). */
export async function signInOverHttp(
  baseUrl: string,
  who: { username: string; password: string },
): Promise<RawSession> {
  const login = await anonymousSession(baseUrl);
  const res = await fetch(`${baseUrl}/wagtail/login/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: login.cookie },
    body: new URLSearchParams({ csrfmiddlewaretoken: login.token, username: who.username, password: who.password }),
  });
  if (res.status !== 303) throw new Error(`sign-in answered ${res.status}`);
  const cookie = cookieOf(res.headers) || login.cookie;
  const home = await fetch(`${baseUrl}/wagtail/`, { headers: { Cookie: cookie } });
  return { cookie, token: csrfTokenIn(await home.text()) };
}

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * A multipart POST whose body is sent in pieces and may be left unfinished: the test sees
 * whether the server answers before the body ends (it refused on the headers, or stopped at a
 * limit) and can end or abandon the upload.
 */
export function openMultipart(
  url: string,
  options: { headers?: Record<string, string>; fields?: Record<string, string>; fileField?: string; fileName?: string },
) {
  const boundary = `----upload${randomBytes(8).toString('hex')}`;
  const fields = Object.entries(options.fields ?? {})
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="${options.fileField ?? 'file'}"; filename="${options.fileName ?? 'big.pdf'}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const req = httpRequest(url, {
    method: 'POST',
    headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Transfer-Encoding': 'chunked',
      ...options.headers,
    },
  });
  let answered = false;
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    // The server may close the connection while the body is still being sent (it refused it).
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
  });
  req.write(fields + fileHead);
  return {
    answer,
    /** Sends more of the file (ignored once the server has closed the connection). */
    send(bytes: Buffer) {
      if (!req.destroyed) req.write(bytes);
    },
    end() {
      if (!req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
    },
    /** The client leaves mid-upload. */
    abandon() {
      req.destroy();
    },
  };
}

/** Resolves with the answer, or with 'no answer' when the server is still waiting for the body after `ms`. */
export function answerWithin(answer: Promise<RawAnswer>, ms: number): Promise<RawAnswer | 'no answer'> {
  return Promise.race([answer, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms))]);
}

/** Every file name created in `dir` while watching (inotify sees files that are removed again at once). */
export function watchCreatedFiles(dir: string): { created: string[]; stop(): void } {
  mkdirSync(dir, { recursive: true });
  const created: string[] = [];
  const watcher: FSWatcher = watch(dir, (event, name) => {
    if (event === 'rename' && name && !created.includes(name)) created.push(name);
  });
  return { created, stop: () => watcher.close() };
}
