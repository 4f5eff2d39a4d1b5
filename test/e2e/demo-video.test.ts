import { expect } from 'chai';
import { useBrowserSuite } from '../helpers/browser-suite';

describe('the demo video in the gallery', function () {
  this.timeout(60_000);
  const suite = useBrowserSuite();

  it('is served from the video library and plays with its captions in the full-width media block, whose button toggles Play/Pause', async () => {
    const tab = await suite.visit('/block-gallery/');
    const block = '[data-block-type="full_width_media"]';
    const toggle = `${block} .full-width-media__toggle`;
    await tab.page.$eval(toggle, (el) => el.scrollIntoView());
    expect(await tab.page.$eval(toggle, (el) => el.textContent)).to.equal('Play');
    // Clicked as an element: lazy pictures above may still move the button under a pointer click.
    await tab.page.$eval(toggle, (el) => (el as HTMLElement).click());
    await tab.page.waitForFunction(
      (selector) => {
        const video = document.querySelector<HTMLVideoElement>(selector);
        return video !== null && !video.paused && video.currentTime > 0.2;
      },
      // Beside the other test processes Chromium's media pipeline starts slowly.
      { timeout: 30_000 },
      `${block} video`,
    );
    expect(await tab.page.$eval(`${block} video`, (el) => (el as HTMLVideoElement).currentSrc)).to.match(
      /\/videos\/\d+\/dock-morning\.mp4$/,
    );
    // The English captions are the default track: shown, with their cues loaded from /video-track/{pk}/.
    await tab.page.waitForFunction(
      (selector) => (document.querySelector<HTMLVideoElement>(selector)?.textTracks[0]?.cues?.length ?? 0) > 0,
      { timeout: 5000 },
      `${block} video`,
    );
    const tracks = await tab.page.$eval(`${block} video`, (el) =>
      Array.from((el as HTMLVideoElement).textTracks, (track) => [track.language, track.label, track.mode]),
    );
    expect(tracks).to.deep.equal([
      ['en', 'English', 'showing'],
      ['fr', 'Français', 'disabled'],
    ]);
    // The label follows the video's play/pause events, a render after the state change.
    const labelIs = (text: string) =>
      tab.page.waitForFunction(
        (selector, want) => document.querySelector(selector)?.textContent === want,
        { timeout: 2000 },
        toggle,
        text,
      );
    await labelIs('Pause');
    await tab.page.click(toggle);
    await tab.page.waitForFunction(
      (selector) => document.querySelector<HTMLVideoElement>(selector)?.paused === true,
      {},
      `${block} video`,
    );
    await labelIs('Play');
    // Scrolling reaches the iframe block, whose demo embeds a video host this sandbox cannot reach.
    expect(
      tab.problems.filter(
        (problem) => !problem.startsWith('outbound request blocked: https://www.youtube-nocookie.com/'),
      ),
    ).to.deep.equal([]);
    await tab.page.close();
  });
});
