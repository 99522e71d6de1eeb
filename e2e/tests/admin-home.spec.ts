import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Helena Rocha (rh.admin@demo.elo): the HR portal at E, users and administrators at L.
test('the HR administrator’s home shows her open work, each count the total of the HR portal page it opens', async ({
  page,
}) => {
  await signIn(page, 'rh.admin@demo.elo');
  await page.goto('/admin');
  const work = page.getByRole('region', { name: 'Atendimento do RH' });
  await expect(work).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Acesso rápido' }).getByRole('link', { name: /Portal do RH/ }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  for (const [label, link] of [
    ['Chamados em aberto', 'Ver os chamados em aberto'],
    ['Chamados em aberto atrasados', 'Ver os chamados atrasados'],
    ['Em aberto atribuídos a mim', 'Ver os meus chamados'],
  ] as const) {
    // Another test may answer a ticket meanwhile: both numbers are read again until they agree.
    await expect(async () => {
      await page.goto('/admin');
      const card = work
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('xpath=..');
      const count = Number(await card.locator('dd').first().innerText());
      await card.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(/\/admin\/portal-rh\?abertos=S/);
      const summary =
        count === 0
          ? page.getByText('Nenhum chamado encontrado')
          : page.getByText(new RegExp(`^Exibindo 1 a \\d+ de ${count} resultado\\(s\\)$`));
      await expect(summary).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
  }
});
