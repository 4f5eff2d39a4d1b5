import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { clientBuildOptions, manifestFromMetafile, PUBLIC_ASSETS, PUBLIC_URL, ROOT } from './build-assets';
import { writeIconSprite } from './icon-sprite';

/**
 * `npm run dev`: rebuilds the browser assets on every change (rewriting dist/manifest.json)
 * and restarts the server on server-side changes (tsx watch), including after each asset rebuild so it reads the new manifest.
 */
const context = await esbuild.context({
  ...clientBuildOptions(false),
  plugins: [
    {
      name: 'write-manifest',
      setup(build) {
        build.onEnd(async (result) => {
          if (!result.metafile) return;
          await mkdir(join(ROOT, 'dist'), { recursive: true });
          await writeFile(
            join(ROOT, 'dist/manifest.json'),
            JSON.stringify(
              {
                ...manifestFromMetafile(result.metafile),
                adminIcons: await writeIconSprite(PUBLIC_ASSETS, PUBLIC_URL),
              },
              null,
              2,
            ),
          );
          console.log(`browser assets rebuilt (${result.errors.length} errors)`);
        });
      },
    },
  ],
});
await context.rebuild();
await context.watch();

const server = spawn(
  process.execPath,
  [
    join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
    'watch',
    '--clear-screen=false',
    '--include',
    'dist/manifest.json',
    'server/main.ts',
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
  },
);
const stop = async () => {
  server.kill('SIGTERM');
  await context.dispose();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
