import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './server-process';

export type NginxServer = { url: string; pid: number; stop(): Promise<void> };

/**
 * nginx (its own config, one worker per core as Debian's default, sendfile on) serving `body` as
 * /page.html from `dir`: the baseline a page's answer is compared with, the same bytes from disk.
 */
export async function startNginx(body: Buffer, dir: string, port?: number): Promise<NginxServer> {
  const listen = port ?? (await freePort());
  writeFileSync(join(dir, 'page.html'), body);
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `worker_processes auto;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')};
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  server { listen 127.0.0.1:${listen}; root ${dir}; }
}
`,
  );
  const nginx = spawn('nginx', ['-c', config, '-p', dir, '-g', 'daemon off;'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${listen}/page.html`;
  for (
    let i = 0;
    i < 50 &&
    !(await fetch(url)
      .then((r) => r.ok)
      .catch(() => false));
    i++
  )
    await new Promise((r) => setTimeout(r, 100));
  return {
    url,
    pid: nginx.pid!,
    stop: () =>
      new Promise((resolve) => {
        nginx.once('exit', () => resolve());
        nginx.kill('SIGQUIT');
      }),
  };
}
