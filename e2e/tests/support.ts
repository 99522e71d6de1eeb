import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const demoPassword = 'Demo@1234';

/** Signs in through the login page and waits for the timeline. */
export async function signIn(page: Page, login: string, password = demoPassword): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/painel\/timeline$/);
}

/** Runs axe on the page as it is and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // The page at rest: a scan during a fade (a dialog opening, a TV slide coming in) measures the
  // text's contrast at part opacity. Short animations only: a slide's progress bar runs for as
  // long as the slide shows.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const timing = animation.effect?.getComputedTiming();
          return typeof timing?.activeDuration === 'number' && timing.activeDuration <= 1000;
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // axe.run in the page itself (legacy mode): by default AxeBuilder finishes every scan in a blank
  // page of its own, a new renderer process each time, and left that page in front, where a key
  // pressed next was lost (a dialog once stayed open after Escape in CI). The portal has no frames
  // of its own origin to scan; a third-party embed (a video) is not ours to check.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target),
    }));
  expect(serious).toEqual([]);
}

/**
 * Nothing on the page scrolls sideways: the document is no wider than the screen. When it is, the
 * failure names the elements that stick out past the right edge without a box that scrolls or
 * clips them (an absolutely placed element escapes every box between it and its positioned
 * ancestor).
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const result = await page.evaluate(() => {
    const screen = window.innerWidth;
    const clips = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    const clipped = (element: HTMLElement) => {
      const position = getComputedStyle(element).position;
      if (position === 'fixed') return false;
      // Only the boxes from the containing block up clip an absolutely placed element.
      let from: Element | null = position === 'absolute' ? element.offsetParent : element.parentElement;
      for (; from && from !== document.body; from = from.parentElement) if (clips(from)) return true;
      return false;
    };
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= screen + 0.5 || clipped(element)) continue;
      const parent = element.parentElement?.getBoundingClientRect();
      // The outermost element that sticks out, not each of its children.
      if (parent && parent.right > screen + 0.5 && element.parentElement !== document.body) continue;
      const classes = typeof element.className === 'string' ? element.className.slice(0, 80) : '';
      const text = (element.textContent ?? '').trim().slice(0, 40);
      culprits.push(
        `<${element.tagName.toLowerCase()} class="${classes}"> "${text}" ends at ${Math.round(box.right)} px`,
      );
    }
    // Text that overflows its own box (a long word in a narrow cell) widens the page without any
    // element's box sticking out: name the text and the element holding it.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const holder = node.parentElement;
      if (!holder || !node.textContent?.trim() || clipped(holder)) continue;
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0 || box.right <= screen + 0.5) continue;
      culprits.push(
        `text "${node.textContent.trim().slice(0, 40)}" in <${holder.tagName.toLowerCase()}> ends at ${Math.round(box.right)} px`,
      );
    }
    return { overflow: document.documentElement.scrollWidth - screen, culprits: culprits.slice(0, 8) };
  });
  expect(
    result.overflow,
    `the page is ${result.overflow} px wider than the screen: ${result.culprits.join('; ') || 'nothing found'}`,
  ).toBeLessThanOrEqual(0);
}

/** A moment as the date-time field takes it (dd/MM/yyyy HH:mm, São Paulo's clock). */
export function typedMoment(moment: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** Opens the chat from the main navigation and the conversation named, waiting for its heading. */
export async function openChat(page: Page, conversation: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    // The demo company's name for the chat (app settings).
    .getByRole('link', { name: /^Mensagens/ })
    .click();
  await expect(page).toHaveURL(/\/painel\/chat$/);
  await page
    .getByRole('navigation', { name: 'Conversas' })
    .getByRole('button', { name: new RegExp(`^${conversation}`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: conversation })).toBeVisible();
}

/** The open conversation's message list. */
export function messages(page: Page) {
  return page.getByRole('region', { name: /^Mensagens com/ });
}
