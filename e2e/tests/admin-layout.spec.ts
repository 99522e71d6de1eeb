import { expect, test, type Page } from '@playwright/test';
import { paths } from '../../apps/web/src/lib/paths.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn } from './support.ts';

// Every administration page at a laptop's width and a phone's (issue 29): nothing scrolls the page
// sideways and every control is on screen, save those in a box that scrolls sideways itself.
test.describe.configure({ timeout: 240_000 });

const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** The id in the first link of a list page that `linkPattern` matches (its group 1). */
async function firstRecordId(page: Page, listPath: string, linkPattern: RegExp): Promise<string> {
  await page.goto(listPath);
  let id: string | undefined;
  await expect
    .poll(async () => {
      const hrefs = await page
        .locator('main a[href]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      id = hrefs.map((href) => linkPattern.exec(href)?.[1]).find(Boolean);
      return id;
    }, `a record linked from ${listPath}`)
    .toBeTruthy();
  return id!;
}

/**
 * Every path of the administration (the router's, `paths.admin`), its :params filled with records
 * of the demo company: a publication, a person (and the master administrator), a group, an HR
 * ticket and a survey.
 */
async function everyAdminPage(page: Page): Promise<string[]> {
  const ids: Record<string, string> = {
    idPublicacao: await firstRecordId(page, paths.admin.publications, /^\/admin\/publicacoes\/(\d+)$/),
    idUsuario: await firstRecordId(page, paths.admin.users, /^\/admin\/usuarios\/(\d+)\/editar$/),
    idGrupo: await firstRecordId(page, paths.admin.groups, /^\/admin\/grupos\/(\d+)\/membros$/),
    idChamado: await firstRecordId(page, paths.admin.hrPortal, /^\/admin\/portal-rh\/chamados\/(\d+)$/),
    idPesquisa: await firstRecordId(page, paths.admin.surveys, /^\/admin\/pesquisas\/(\d+)\/resultados$/),
  };
  return Object.values(paths.admin).map((path) =>
    path.replace(/:(\w+)/g, (_, name: string) => {
      const id = ids[name];
      if (!id) throw new Error(`no record for :${name} in ${path}`);
      return id;
    }),
  );
}

/**
 * The visible buttons, links, fields and tabs that stand past the screen's left or right edge
 * outside any box that scrolls or clips sideways on its own (a tab bar, a table's frame).
 */
async function controlsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const screen = window.innerWidth;
    const scrollsOnItsOwn = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      }
      return false;
    };
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, [role=tab]',
    );
    return Array.from(controls)
      .filter((control) => {
        const box = control.getBoundingClientRect();
        // Visually hidden (the skip link until focused: clipped to nothing) is not seen.
        const style = getComputedStyle(control);
        const clippedAway =
          style.clipPath.startsWith('inset(50%') || style.clip === 'rect(0px, 0px, 0px, 0px)';
        if (
          box.width <= 1 ||
          box.height <= 1 ||
          clippedAway ||
          !control.checkVisibility({ visibilityProperty: true })
        ) {
          return false;
        }
        return (box.left < -0.5 || box.right > screen + 0.5) && !scrollsOnItsOwn(control);
      })
      .map((control) => {
        const name = control.getAttribute('aria-label') ?? control.textContent ?? control.tagName;
        const box = control.getBoundingClientRect();
        return `${name.trim().slice(0, 40)} (${Math.round(box.left)}-${Math.round(box.right)} px)`;
      });
  });
}

for (const size of widths) {
  test(`every administration page fits ${size.width}x${size.height}: no sideways scroll, every control on screen`, async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.elo');
    const pages = await everyAdminPage(page);
    await page.setViewportSize(size);
    for (const path of pages) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // The rows and figures read, the table laid out at their width.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(page);
        expect(await controlsOffScreen(page), `controls off screen on ${path}`).toEqual([]);
      });
    }

    // A table page as its width shows it: a table at 1280, cards and folded filters at 390.
    await page.goto(paths.admin.users);
    await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
    if (size.width === 390) {
      const toggle = page.getByRole('button', { name: 'Filtros', exact: true });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByLabel('Unidade')).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByLabel('Unidade')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Usuários da empresa' })).toBeVisible();
      // A row's card holds its actions, on screen once scrolled to (never beside it).
      const edit = page.getByRole('group', { name: 'Ações de Ana Beatriz Rocha' }).getByRole('link');
      await edit.scrollIntoViewIfNeeded();
      await expect(edit).toBeInViewport();
    } else {
      await expect(page.getByRole('button', { name: 'Filtros', exact: true })).toHaveCount(0);
      await expect(page.getByLabel('Unidade')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Usuários da empresa' })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'E-mail' })).toBeVisible();
    }
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
}

for (const size of [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const) {
  test(`the TV's full-screen messages fit ${size.width}x${size.height} without clipping`, async ({
    browser,
  }) => {
    /** Every text and the code's boxes lie inside the screen. */
    const expectAllOnScreen = async (page: Page) => {
      const outside = await page.evaluate(() =>
        Array.from(document.querySelectorAll('h1, h2, p, [data-testid="tv-pairing-code"] > span'))
          .filter((element) => !element.classList.contains('sr-only'))
          .map((element) => ({
            text: (element.textContent ?? '').slice(0, 40),
            box: element.getBoundingClientRect(),
          }))
          .filter(
            ({ box }) =>
              box.width > 0 &&
              (box.top < 0 ||
                box.left < 0 ||
                box.bottom > window.innerHeight ||
                box.right > window.innerWidth),
          )
          .map(({ text, box }) => `${text} (${Math.round(box.top)}-${Math.round(box.bottom)} px)`),
      );
      expect(outside).toEqual([]);
    };

    // A screen whose token the server no longer knows: revoked, it says so over a new code.
    const revokedContext = await browser.newContext({ viewport: size, locale: 'pt-BR' });
    const revoked = await revokedContext.newPage();
    await revoked.addInitScript(() => window.localStorage.setItem('tokenTela', 'revogado-ha-tempo'));
    await revoked.goto('/tv');
    await expect(revoked.getByRole('heading', { name: 'Esta tela não está mais autorizada' })).toBeVisible();
    await expect(revoked.getByTestId('tv-pairing-code')).toBeVisible();
    await expectAllOnScreen(revoked);
    await revokedContext.close();

    // A new screen: its code, expiry and waiting line.
    const freshContext = await browser.newContext({ viewport: size, locale: 'pt-BR' });
    const fresh = await freshContext.newPage();
    await fresh.goto('/tv');
    await expect(fresh.getByTestId('tv-pairing-code')).toBeVisible();
    await expect(fresh.getByText('Aguardando o pareamento', { exact: false })).toBeVisible();
    await expectAllOnScreen(fresh);
    await freshContext.close();
  });
}
