import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { newExamplePage, openBlockEditor } from '../helpers/block-editor';
import { useBrowserSuite } from '../helpers/browser-suite';
import { blockSchemas } from '../../views/blocks/schemas';

/*
 * Keypress to paint in the block editor: a timing, so npm test runs this file alone, after the
 * phases that run side by side (scripts/test.ts, LOAD_SENSITIVE). The editor's other browser
 * tests are in admin-block-editor.test.ts.
 */
describe('block editor in Chromium: typing latency', () => {
  const suite = useBrowserSuite();

  it('keeps typing smooth on a page of 60 blocks (median keypress to paint under 50 ms)', async () => {
    const demos = [...blockSchemas.values()];
    const body = Array.from({ length: 60 }, (_, i) => ({
      type: demos[i % demos.length]!.type,
      id: randomUUID(),
      value: demos[i % demos.length]!.demo,
    }));
    const middle = body.findIndex((block, i) => i >= 28 && block.type === 'heading');
    const id = await newExamplePage(suite, 'Sixty blocks', body);
    const tab = await openBlockEditor(suite, id);
    const { page } = tab;
    expect(await page.$$eval('[data-stream-field="body"] .admin-block', (els) => els.length)).to.equal(60);
    const input = `#block-card-${body[middle]!.id} input[type="text"]`;
    await page.click(input, { count: 3 });
    // Each keypress: from the key event to the frame after React's update has painted.
    await page.$eval(input, (el) => {
      const w = window as unknown as { latencies: number[] };
      w.latencies = [];
      el.addEventListener('keydown', (event) => {
        const started = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => w.latencies.push(performance.now() - started), 0));
      });
    });
    const text = 'Fresh oysters from the morning boats';
    await page.keyboard.type(text, { delay: 40 });
    await page.waitForFunction(
      (n) => (window as unknown as { latencies: number[] }).latencies.length === n,
      {},
      text.length,
    );
    expect(await page.$eval(input, (el) => (el as HTMLInputElement).value)).to.equal(text);
    expect(await page.$eval('#id_content_json', (el) => (el as HTMLTextAreaElement).value)).to.include(text);
    const latencies = (await page.evaluate(() => (window as unknown as { latencies: number[] }).latencies)).sort(
      (a, b) => a - b,
    );
    const median = latencies[Math.floor(latencies.length / 2)]!;
    const p95 = latencies[Math.floor(latencies.length * 0.95)]!;
    console.log(
      `      typing latency with 60 blocks: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${latencies.length} keypresses)`,
    );
    expect(median).to.be.below(50);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.close({ runBeforeUnload: false });
  });
});
