import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ValidatorMessage = { type: string; subType?: string; url?: string; message: string; extract?: string };

/** The Nu HTML Checker's jar, from the vnu-jar package (run on the machine's Java). */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

/**
 * Checks every document in ONE Java process (starting the JVM costs seconds): each goes into a
 * temporary file named after its key, and the checker's messages come back grouped by key.
 */
export async function validateHtml(documents: Record<string, string>): Promise<Record<string, ValidatorMessage[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'html-validator-'));
  const keys = Object.keys(documents);
  try {
    const files = keys.map((key, index) => {
      const file = join(dir, `${index}.html`);
      writeFileSync(file, documents[key]!);
      return file;
    });
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...files]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      // The checker exits 1 when it found errors; only output that is not JSON is a failure.
      child.on('close', () => (stdout.trim().startsWith('{') ? resolve(stdout) : reject(new Error(stderr || stdout))));
    });
    const { messages } = JSON.parse(output) as { messages: ValidatorMessage[] };
    const byKey: Record<string, ValidatorMessage[]> = Object.fromEntries(keys.map((key) => [key, []]));
    for (const message of messages) {
      const index = Number(/\/(\d+)\.html$/.exec(message.url ?? '')?.[1] ?? NaN);
      byKey[keys[index] ?? '(no file)'] ??= [];
      byKey[keys[index] ?? '(no file)']!.push(message);
    }
    return byKey;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
