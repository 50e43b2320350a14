import { expect, type Page, test } from '@playwright/test';
import { apiPost, mailWith, pageSite, saveBookmark, waitForCapture } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

const site = pageSite(`<!doctype html><html><head><title>A page to listen to</title></head><body><article>
<h1>A page to listen to</h1>
<p>The first sentence is here. The second sentence follows it. A third one ends the paragraph.</p>
<p>Another paragraph starts. It has two sentences.</p>
</article></body></html>`);

/** A new user with a bookmark holding `n` highlights; answers the item. */
async function userWithHighlights(page: Page, n: number) {
  const name = uniqueName('review');
  await signUpByApi(page, name);
  const item = await saveBookmark(page, { url: `https://example.com/${name}`, title: 'Ferns of the north' });
  for (let i = 1; i <= n; i++) {
    const content = `Quote number ${i} about ferns`;
    await apiPost(page, '/annotation_mana/add_annotation', {
      link_id: item.link_id,
      shape: 0,
      content,
      color: 'yellow',
      selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: content, prefix: '', suffix: '' }]),
    });
  }
  return { name, item };
}

test('reviews five cards with the keyboard and sees what tomorrow holds', async ({ page }) => {
  await userWithHighlights(page, 5);
  await page.goto('/review');
  for (let i = 1; i <= 5; i++) {
    await expect(page.getByText(`Card ${i} of 5`)).toBeVisible();
    await expect(page.locator('blockquote')).toContainText('Quote number');
    // Again for the first two: they come back tomorrow; Good for the rest
    await page.keyboard.press(i <= 2 ? '1' : '3');
  }
  await expect(page.getByText('All done for today')).toBeVisible();
  await expect(page.getByTestId('review-tomorrow')).toHaveText('Tomorrow: 2 cards');
  await expect(page.getByText('5 reviewed today')).toBeVisible();
  await expect(page.getByText('1 day streak')).toBeVisible();
});

test('mails the digest and its link opens the review', async ({ page }) => {
  const { name } = await userWithHighlights(page, 2);
  await page.goto('/review');
  await expect(page.getByText('Card 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Preferences' }).click();
  await page.getByRole('button', { name: 'Send one now' }).click();
  await expect(page.getByText('Sent to your e-mail address.')).toBeVisible();
  const mail = await mailWith(`${name}@example.com`, 'Your Daily Review: 2 highlights');
  expect(mail).toContain('Quote number 1 about ferns');
  expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  const link = mail.match(/Review them: (\S+)/)![1]!;
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Daily Review' })).toBeVisible();
  await expect(page.getByText('Card 1 of 2')).toBeVisible();
});

test('listens to an article with the sentence being read marked', async ({ page }) => {
  // headless Chromium has no voices: a stand-in synthesiser whose sentence ends when the test says
  await page.addInitScript(() => {
    class StandInUtterance extends EventTarget {
      rate = 1;
      voice: unknown = null;
      onend: ((e: Event) => void) | null = null;
      onerror: ((e: Event) => void) | null = null;
      constructor(readonly text: string) {
        super();
      }
    }
    let current: StandInUtterance | null = null;
    const synth = {
      getVoices: () => [
        { name: 'Stand-in', lang: 'en-US', default: true, localService: true, voiceURI: 'stand-in' },
      ],
      speak(u: StandInUtterance) {
        current = u;
      },
      cancel() {
        current = null;
      },
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      value: StandInUtterance,
      configurable: true,
    });
    (window as unknown as { finishSentence: () => void }).finishSentence = () => {
      const u = current;
      current = null;
      u?.onend?.(new Event('end'));
    };
  });
  const name = uniqueName('reader');
  await signUpByApi(page, name);
  const item = await saveBookmark(page, { url: `${site.url}/listen`, title: 'A page to listen to' });
  await waitForCapture(page, item.link_id);
  await page.goto(`/user/${name}/b/${item.link_id}`);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  const marked = () =>
    page.evaluate(() => CSS.highlights.get('folio-listen')?.values().next().value?.toString());
  await expect.poll(marked).toBe('The first sentence is here.');
  await page.evaluate(() => (window as unknown as { finishSentence: () => void }).finishSentence());
  await expect.poll(marked).toBe('The second sentence follows it.');
  await page.getByRole('button', { name: 'Next paragraph' }).click();
  await expect.poll(marked).toBe('Another paragraph starts.');
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('region', { name: 'Listen', exact: true })).toHaveAttribute(
    'data-listen-playing',
    'false',
  );
  await page.getByRole('button', { name: 'Stop listening' }).click();
  await expect(page.getByRole('button', { name: 'Listen', exact: true })).toBeVisible();
});
