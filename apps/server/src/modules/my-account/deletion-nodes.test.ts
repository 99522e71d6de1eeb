import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatCloseCode, ChatEventType, ChatRequestType, isChatErrorFrame } from '@elo/contract/chat';
import { employeePermissions } from '@elo/contract/enums';
import { ChatClient, listenForChat, signInForChat } from '../../test/chat-client.ts';
import { factoryPassword, makeCompany, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Two nodes of one deployment (one database, the machine's Redis): a deletion forced through one
 * node closes the person's chat socket held by the other at once.
 */
let first: TestApp;
let second: TestApp;
let secondChatUrl: string;
const sockets: ChatClient[] = [];

beforeAll(async () => {
  first = await createTestApp({ seed: false, redis: true });
  second = await createTestApp({ shareWith: first });
  await listenForChat(first);
  secondChatUrl = await listenForChat(second);
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  // The second closes first: the first owns the shared database.
  await second.close();
  await first.close();
});

describe('a forced deletion on several nodes', () => {
  it('closes the person’s chat socket on the other node at once', { timeout: 60_000 }, async () => {
    const company = await makeCompany(first.database.db);
    const person = await makePerson(first.database.db, {
      companyId: company.companyId,
      permissions: employeePermissions,
      groupIds: [company.defaultGroupId],
    });
    const user = await signInForChat(second, person.email, factoryPassword);
    const socket = await ChatClient.connect(secondChatUrl, user.tokenChat);
    sockets.push(socket);
    socket.send({ idTipo: ChatRequestType.presence, idSala: 0 });
    await socket.waitFor((frame) => !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.presence);

    const asked = await second.call(
      'solicitaExclusaoConta',
      { comentario: 'Adeus' },
      { cookie: user.cookie },
    );
    const admin = await first.signIn(company.master.email, factoryPassword);
    const forced = await first.call(
      'efetivaSolicitacaoExclusaoAdmin',
      { idSolicitacao: asked.json().data.idSolicitacao },
      { cookie: admin },
    );
    expect(forced.statusCode, forced.body).toBe(200);
    expect((await socket.waitForClose(10_000)).code).toBe(ChatCloseCode.session);
    expect((await second.call('consultaMinhaConta', {}, { cookie: user.cookie })).statusCode).toBe(401);
  });
});
