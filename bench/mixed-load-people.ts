/**
 * The load generator of the mixed-load benchmark, in a process of its own (forked by
 * mixed-load.bench.ts), so that its CPU is its own and can be reported. It plays simulated people,
 * each with their own session (a real doLogin) and chat socket, doing what people do with think
 * times between actions (the mix below, written down in docs/performance.md). Talks over IPC:
 *  - {add: MixedPerson[]}: signs these people in (a few at a time) and sets them going; answers
 *    {added, failed} once they are all in;
 *  - 'reset': starts a measuring window (histograms and counters emptied);
 *  - 'report': answers {report} with the window's figures (latency histograms encoded);
 *  - 'stop': stops everyone and exits.
 */
import * as hdr from 'hdr-histogram-js';
import { Pool, type FormData } from 'undici';
import WebSocket from 'ws';
import { ChatRequestType } from '@elo/contract/chat';
import { mixedLoadMix, notificationsBody, unreadCountsBody, type MixPerson } from './mixed-load-mix.ts';
import type { MixedPerson, MixedSurvey } from './mixed-seed.ts';

interface Setup {
  httpUrl: string;
  wsUrl: string;
  password: string;
  surveys: MixedSurvey[];
  /** Mean think time between two actions of a person (ms); each draw is uniform in ±50 %. */
  thinkMs: number;
  /** Sign-ins in flight at once (argon2 runs HASH_CONCURRENCY at a time on the server). */
  signInConcurrency: number;
}

const setup = JSON.parse(process.env.MIXED_SETUP!) as Setup;
/**
 * The headers fetch added by itself when the generator used it, kept so that the server sees the
 * same requests as before (it negotiates the language from Accept-Language and records the User-Agent
 * of a session). Not Accept-Encoding: the server does not compress, and the body is read undecoded.
 */
const fetchDefaultHeaders = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
};
const jsonHeaders = {
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
  ...fetchDefaultHeaders,
};
const multipartHeaders = { 'x-requested-with': 'XMLHttpRequest', ...fetchDefaultHeaders };
const pingMs = 2_000;
const httpTimeoutMs = 10_000;
/**
 * Every person's calls go through one keep-alive pool (no limit on connections, as with fetch):
 * undici's request API costs the generator far less CPU per call than fetch, which builds
 * Headers, Request and Response objects and wants an AbortSignal with a timer of its own per call,
 * and that CPU is taken from the cores the server runs on. The time limit is the pool's: undici
 * checks its headers and body timeouts on one coarse timer, not a timer per call.
 */
const pool = new Pool(setup.httpUrl, { headersTimeout: httpTimeoutMs, bodyTimeout: httpTimeoutMs });

const histogram = () =>
  hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 120_000_000,
    numberOfSignificantValueDigits: 3,
  });
let window = {
  http: histogram(),
  ws: histogram(),
  httpRequests: 0,
  httpErrors: 0,
  wsFrames: 0,
  wsErrors: 0,
  actions: {} as Record<string, number>,
  /** Per call: how many, and their latency (µs). */
  calls: new Map<string, ReturnType<typeof histogram>>(),
  errorSamples: [] as string[],
  startedAt: Date.now(),
};
const resetWindow = () => {
  window = {
    http: histogram(),
    ws: histogram(),
    httpRequests: 0,
    httpErrors: 0,
    wsFrames: 0,
    wsErrors: 0,
    actions: {},
    calls: new Map(),
    errorSamples: [],
    startedAt: Date.now(),
  };
};
const noteError = (what: string) => {
  if (window.errorSamples.length < 10) window.errorSamples.push(what);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
let running = true;
let sequence = 0;

function record(name: string, started: number) {
  const micros = Math.max(1, Math.round((performance.now() - started) * 1000));
  window.httpRequests += 1;
  window.http.recordValue(micros);
  let perCall = window.calls.get(name);
  if (!perCall) window.calls.set(name, (perCall = histogram()));
  perCall.recordValue(micros);
}

/**
 * One POST as the portal sends it; its latency (from just before it is sent to its whole body
 * received) goes to the window's HTTP histogram. A body given as a string is sent as it is: the
 * calls whose body never changes serialise it once.
 */
async function call<T>(
  person: Person,
  name: string,
  body: unknown,
  options: { multipart?: FormData; count?: boolean } = {},
): Promise<T | undefined> {
  const started = performance.now();
  const counted = options.count !== false;
  try {
    const response = await pool.request({
      path: `/backend/${name}`,
      method: 'POST',
      headers: options.multipart ? person.multipartHeaders : person.jsonHeaders,
      body: options.multipart ?? (typeof body === 'string' ? body : JSON.stringify(body)),
    });
    const text = await response.body.text();
    if (counted) record(name, started);
    if (response.statusCode !== 200) {
      if (counted) {
        window.httpErrors += 1;
        noteError(`${name} ${response.statusCode} ${text.slice(0, 120)}`);
      }
      return undefined;
    }
    if (name === 'doLogin') {
      const setCookie = response.headers['set-cookie'];
      person.signedIn((Array.isArray(setCookie) ? setCookie[0] : setCookie)!.split(';')[0]!);
    }
    return (JSON.parse(text) as { data: T }).data;
  } catch (error) {
    if (counted) {
      record(name, started);
      window.httpErrors += 1;
      noteError(`${name} ${(error as Error).message}`);
    }
    return undefined;
  }
}

interface PostRef {
  idMensagem: number;
}

class Person implements MixPerson {
  /** The headers of the person's calls, made once the session cookie is known. */
  jsonHeaders: Record<string, string> = jsonHeaders;
  multipartHeaders: Record<string, string> = { ...multipartHeaders, cookie: '' };
  chatToken = '';
  /** The presence ping, the same frame every time: serialised once the token is known. */
  pingFrame = '';
  socket: WebSocket | undefined;
  groupIds: number[] = [];
  postIds: number[] = [];
  /** The survey application being answered, per survey. */
  applications = new Map<number, number>();
  /** Requests on the socket waiting for their answer: idRequisicao → send time. */
  pending = new Map<string, number>();
  pingTimer: NodeJS.Timeout | undefined;
  /** The conversation on screen, and until when (the portal marks read only in the open room). */
  openRoom = { id: 0, until: 0 };

  constructor(readonly info: MixedPerson) {}

  signedIn(cookie: string) {
    this.jsonHeaders = { ...jsonHeaders, cookie };
    this.multipartHeaders = { ...multipartHeaders, cookie };
  }

  async signIn(): Promise<boolean> {
    const login = await call<{ tokenChat: string | null; idsGruposPermitePostar: number[] }>(
      this,
      'doLogin',
      { login: this.info.login, senha: setup.password },
      { count: false },
    );
    if (!login?.tokenChat) return false;
    this.chatToken = login.tokenChat;
    this.pingFrame = JSON.stringify({ tokenChat: this.chatToken, idTipo: ChatRequestType.ping });
    this.groupIds = login.idsGruposPermitePostar;
    // What the portal loads on arrival.
    await this.readTimeline(1, false);
    await call(this, 'recuperaQtdMensagensNaoLidas', unreadCountsBody, { count: false });
    await call(this, 'consultaNotificacoes', notificationsBody, { count: false });
    return this.connect();
  }

  send(frame: Record<string, unknown>, timed = false) {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    const message: Record<string, unknown> = { tokenChat: this.chatToken, ...frame };
    if (timed) {
      const id = `r${sequence++}`;
      message.idRequisicao = id;
      this.pending.set(id, performance.now());
    }
    window.wsFrames += 1;
    this.socket.send(JSON.stringify(message));
  }

  ping() {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    window.wsFrames += 1;
    this.socket.send(this.pingFrame);
  }

  /** Opens the chat socket; the first frame (who is online in the company) authenticates it. */
  connect(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = new WebSocket(setup.wsUrl, { perMessageDeflate: false });
      this.socket = socket;
      let opened = false;
      socket.on('open', () => {
        this.send({ idTipo: ChatRequestType.presence, idSala: 0 }, true);
        this.pingTimer = setInterval(() => this.ping(), pingMs);
      });
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as {
          idTipo: number;
          codigoResposta: number;
          idRequisicao?: string;
          idMensagem?: number;
          idMensagemCliente?: string;
          idSala?: number;
          idUsuario?: number;
          descricaoErro?: string;
        };
        const key = frame.idRequisicao ?? frame.idMensagemCliente;
        const sentAt = key === undefined ? undefined : this.pending.get(key);
        if (sentAt !== undefined && key !== undefined) {
          this.pending.delete(key);
          window.ws.recordValue(Math.max(1, Math.round((performance.now() - sentAt) * 1000)));
        }
        if (frame.codigoResposta !== 0) {
          window.wsErrors += 1;
          noteError(`ws ${frame.idTipo} ${frame.descricaoErro}`);
        }
        if (!opened) {
          opened = true;
          resolve(frame.codigoResposta === 0);
          return;
        }
        // Someone else's message in the conversation on screen: read a moment later, the receipt goes back.
        const onScreen = frame.idSala === this.openRoom.id && Date.now() < this.openRoom.until;
        if (frame.idTipo === 2 && frame.idUsuario !== this.info.userId && frame.idMensagem && onScreen)
          setTimeout(
            () =>
              this.send({
                idTipo: ChatRequestType.markRead,
                idSala: frame.idSala,
                idUsuarioOrigem: this.info.userId,
                idMensagens: [frame.idMensagem],
              }),
            1_000,
          ).unref();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(this.pingTimer);
        if (!opened) {
          window.wsErrors += 1;
          noteError('ws connection refused');
          resolve(false);
          return;
        }
        if (!running) return;
        // A socket lost while people are on: an error, and the portal reconnects after 500 ms.
        window.wsErrors += 1;
        noteError('ws connection lost');
        setTimeout(() => void this.connect(), 500).unref();
      });
    });
  }

  async readTimeline(page: number, counted = true) {
    const answer = await call<{ listPostagens: PostRef[] }>(
      this,
      'consultaPostagens',
      { idPaginaAtual: page, qtdRegistrosPorPagina: 10, idsGrupo: [], idTipoIgnorar: [] },
      { count: counted },
    );
    for (const post of answer?.listPostagens ?? []) this.postIds.push(post.idMensagem);
    if (this.postIds.length > 60) this.postIds.splice(0, this.postIds.length - 60);
  }

  async act() {
    const draw = Math.random();
    let acc = 0;
    for (const action of mix) {
      acc += action.share;
      if (draw < acc) {
        window.actions[action.name] = (window.actions[action.name] ?? 0) + 1;
        return action.run(this);
      }
    }
  }

  async live() {
    // People do not all act in step: the first action comes after a random part of a think time.
    await sleep(Math.random() * setup.thinkMs);
    while (running) {
      await this.act();
      await sleep(setup.thinkMs * (0.5 + Math.random()));
    }
  }

  post(): number | undefined {
    return this.postIds.length ? pick(this.postIds) : undefined;
  }
}

/** The mix: the share of each action among a person's actions (they sum to 1). */
const mix = mixedLoadMix({
  call: (person, name, body, options) => call(person as Person, name, body, options),
  surveys: setup.surveys,
  next: () => sequence++,
});

const people: Person[] = [];

async function add(list: MixedPerson[]) {
  let failed = 0;
  let next = 0;
  const signInNext = async () => {
    while (next < list.length) {
      const person = new Person(list[next++]!);
      if (await person.signIn()) {
        people.push(person);
        void person.live();
      } else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: setup.signInConcurrency }, signInNext));
  process.send!({ added: list.length - failed, failed });
}

process.on('message', (message: { add?: MixedPerson[] } | string) => {
  if (typeof message === 'object' && message.add) void add(message.add);
  else if (message === 'reset') resetWindow();
  else if (message === 'report') {
    process.send!({
      report: {
        seconds: (Date.now() - window.startedAt) / 1000,
        http: hdr.encodeIntoCompressedBase64(window.http),
        ws: hdr.encodeIntoCompressedBase64(window.ws),
        httpRequests: window.httpRequests,
        httpErrors: window.httpErrors,
        wsFrames: window.wsFrames,
        wsErrors: window.wsErrors,
        actions: window.actions,
        calls: Object.fromEntries(
          [...window.calls].map(([name, calls]) => [name, hdr.encodeIntoCompressedBase64(calls)]),
        ),
        errorSamples: window.errorSamples,
        people: people.length,
      },
    });
  } else if (message === 'stop') {
    running = false;
    for (const person of people) {
      clearInterval(person.pingTimer);
      person.socket?.terminate();
    }
    void pool.destroy();
    setTimeout(() => process.exit(0), 200);
  }
});
process.send!({ ready: true });
