import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const VARNISHD = process.env.VARNISHD_PATH ?? '/usr/sbin/varnishd';
/** Debian's varnish-modules puts xkey here (amd64); other layouts are found by compiling the VCL. */
const XKEY = '/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so';

export function varnishPresent(): boolean {
  return existsSync(VARNISHD) && (existsSync(XKEY) || process.arch !== 'x64');
}

/**
 * Varnish and xkey, installed from Debian when missing and running as root (as the test command
 * installs Chromium); otherwise the one line saying what to do. Returns that line, or null.
 */
export function ensureVarnish(): string | null {
  if (varnishPresent()) return null;
  const what = 'Varnish with xkey (Debian packages varnish and varnish-modules)';
  if (process.getuid?.() !== 0)
    return `npm run stack needs ${what}: sudo apt-get install -y varnish varnish-modules (or set VARNISHD_PATH)`;
  console.log('Installing Varnish from Debian (apt-get install varnish varnish-modules)...');
  const run = (args: string[]) =>
    spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (
    run(['update', '-qq']).status !== 0 ||
    run(['install', '-y', '-qq', 'varnish', 'varnish-modules']).status !== 0 ||
    !varnishPresent()
  )
    return `Could not install ${what} with apt-get: install them, then run npm run stack again`;
  return null;
}
