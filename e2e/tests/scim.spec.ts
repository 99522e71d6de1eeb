import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn } from './support.ts';

// The demo company's seeded SCIM token is replaced here; no other test uses SCIM.

test.describe('SCIM provisioning', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the master makes a new SCIM token on the app settings page (390 px), and an identity provider finds a person with it', async ({
    page,
    request,
  }) => {
    test.slow();
    await signIn(page, 'admin@demo.elo');
    await page.goto('/admin/configuracoes-app/sso');
    const card = page.getByRole('region', { name: 'Provisionamento (SCIM)' });
    await expect(card.getByText(/^Token ativo desde/)).toBeVisible();
    const baseUrl = await card.getByRole('textbox', { name: 'URL base do SCIM' }).inputValue();
    expect(baseUrl).toMatch(/\/scim\/v2$/);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await card.getByRole('button', { name: 'Gerar novo token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gerar um novo token?' });
    await dialog.getByRole('button', { name: 'Gerar novo token' }).click();
    const tokenField = card.getByRole('textbox', { name: 'Token SCIM' });
    await expect(tokenField).toHaveValue(/^elo_scim_/);
    await expect(card.getByText(/só é mostrado uma vez/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    const token = await tokenField.inputValue();

    const answer = await request.get(
      `${baseUrl}/Users?filter=${encodeURIComponent('userName eq "maria.silva@demo.elo"')}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(answer.status()).toBe(200);
    const list = await answer.json();
    expect(list.totalResults).toBe(1);
    expect(list.Resources[0]).toMatchObject({
      userName: 'maria.silva@demo.elo',
      externalId: 'demo-entra-maria',
    });
  });
});
