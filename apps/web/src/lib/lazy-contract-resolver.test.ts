import { loginInputSchema } from '@elo/contract/calls/login-input';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from './i18n/i18n.ts';
import { lazyContractResolver } from './lazy-contract-resolver.ts';

type LoginForm = { login: string; senha: string };
const options: ResolverOptions<LoginForm> = { fields: {}, shouldUseNativeValidation: false };
const empty: LoginForm = { login: '', senha: '' };

describe('lazy contract resolver', () => {
  it('checks the form with the contract schema once loaded, in the words of the server', async () => {
    const { resolver } = lazyContractResolver(async () => loginInputSchema, 'pt-BR');
    const result = await resolver(empty, undefined, options);
    expect(result.errors.login?.message).toBe('Campo obrigatório');
    expect(result.errors.senha?.message).toBe('Campo obrigatório');

    const valid = await resolver({ login: ' maria.silva@demo.elo ', senha: 'x' }, undefined, options);
    expect(valid).toEqual({ values: { login: 'maria.silva@demo.elo', senha: 'x' }, errors: {} });
  });

  it('words the messages in the language it was made for', async () => {
    await changeLanguage('en');
    const { resolver } = lazyContractResolver(async () => loginInputSchema, 'en');
    const result = await resolver(empty, undefined, options);
    expect(result.errors.login?.message).toBe('This field is required');
  });

  it('lets the server check the form when the schema cannot load, and tries again next time', async () => {
    const loadSchema = vi
      .fn<() => Promise<typeof loginInputSchema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(loginInputSchema);
    const { resolver, preload } = lazyContractResolver(loadSchema, 'pt-BR');
    preload();
    expect(await resolver(empty, undefined, options)).toEqual({ values: empty, errors: {} });

    const again = await resolver(empty, undefined, options);
    expect(again.errors.login?.message).toBe('Campo obrigatório');
    expect(loadSchema).toHaveBeenCalledTimes(2);
  });
});
