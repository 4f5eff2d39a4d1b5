import { expect } from 'chai';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { requestLog } from '../../server/http/request-log';
import { logLines } from '../helpers/log-lines';

type Line = {
  level: number;
  msg: string;
  reqId?: string;
  req?: { id?: string; method?: string; url?: string; headers?: unknown };
  res?: { statusCode?: number; headers?: unknown };
  responseTime?: number;
};

function appWithLog(level: string) {
  const { lines, sink } = logLines<Line>();
  const app = express();
  app.use(requestLog(app, pino({ level }, sink)));
  app.get('/ok', (_req, res) => res.send('fine'));
  app.get('/gone', (_req, res) => res.status(404).send('no'));
  app.get('/broken', (_req, res) => res.status(500).send('oops'));
  app.get('/child', (req, res) => {
    req.log.warn({ detail: 1 }, 'stream failed');
    res.send('logged');
  });
  // The line is written on 'close', a tick after the answer.
  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { app, lines, settled };
}

describe('request log', () => {
  it('writes one line per request with the id, method, URL, status and time, and no headers', async () => {
    const { app, lines, settled } = appWithLog('info');
    const answer = await request(app).get('/ok?x=1').set('Cookie', 'sessionid=secret').set('X-Request-Id', 'abc-123');
    await settled();
    expect(answer.headers['x-request-id']).to.equal('abc-123');
    expect(lines).to.have.length(1);
    const line = lines[0]!;
    expect(line).to.include({ level: 30, msg: 'request completed' });
    expect(line.req).to.include({ id: 'abc-123', method: 'GET', url: '/ok?x=1' });
    expect(line.res).to.deep.equal({ statusCode: 200 });
    expect(line.responseTime).to.be.a('number');
    expect(JSON.stringify(line)).not.to.include('secret');
  });

  it('gives a request without a usable X-Request-Id a fresh UUID', async () => {
    const { app, lines, settled } = appWithLog('info');
    const answer = await request(app).get('/ok').set('X-Request-Id', 'not ok; <script>');
    await settled();
    expect(answer.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    expect(lines[0]!.req!.id).to.equal(answer.headers['x-request-id']);
  });

  it('logs 4xx as warnings and 5xx as errors, and only those when the level is warn', async () => {
    const { app, lines, settled } = appWithLog('warn');
    await request(app).get('/ok');
    await request(app).get('/gone');
    await request(app).get('/broken');
    await settled();
    expect(lines.map((line) => [line.level, line.msg, line.res?.statusCode])).to.deep.equal([
      [40, 'request completed', 404],
      [50, 'request errored', 500],
    ]);
  });

  it('gives routes a child logger (req.log) that names the request', async () => {
    const { app, lines, settled } = appWithLog('warn');
    const answer = await request(app).get('/child');
    await settled();
    const line = lines.find((entry) => entry.msg === 'stream failed');
    expect(line).to.include({ reqId: answer.headers['x-request-id'] });
    expect(line!.req).to.include({ method: 'GET', url: '/child' });
  });

  it('never logs the CSRF token an upload form carries in its action URL', async () => {
    const { app, lines, settled } = appWithLog('info');
    await request(app).get('/ok?a=1&csrfmiddlewaretoken=s3cret-token&b=2');
    await request(app).get('/child?csrfmiddlewaretoken=s3cret-token');
    await settled();
    expect(JSON.stringify(lines)).to.not.include('s3cret-token');
    expect(lines[0]!.req).to.include({ url: '/ok?a=1&csrfmiddlewaretoken=[redacted]&b=2' });
  });
});
