// @tradeapi/client: the typed paths of the served OpenAPI document (openapi-fetch over the
// generated schema.ts) and the few things every user of the API writes anyway: key + secret
// turned into tokens and refreshed before they expire, cursor pages walked to the end, errors as
// one typed class, 429/503 waited out as the server asks, and downloads read as a stream.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.js';
import { TradeApiError, errorOf, type ErrorDetail, type ErrorType } from './errors.js';
import { realSleep, retryingFetch } from './retry.js';
import { Tokens, type TokenPair } from './tokens.js';

export { TradeApiError, type ErrorDetail, type ErrorType, type paths };

export interface ClientOptions {
  /** Where the API is served, e.g. http://127.0.0.1:8080 (the /v1 paths are appended). */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Retries of a 429 or 503 answer, waiting its Retry-After each time (default 3). */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited out: the error is thrown (default 60 s). */
  maxRetryWaitMs?: number;
  /** Refresh the access token this long before it expires (default 60 s). */
  refreshMarginMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

type GetPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];
type GetOp<P extends GetPath> = paths[P]['get'];
/** The query parameters of a GET path. */
export type QueryOf<P extends GetPath> = GetOp<P> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
/** The path parameters of a GET path ({company_id}, {declaration_no}, …). */
export type PathParamsOf<P extends GetPath> = GetOp<P> extends { parameters: { path: infer Q } } ? Q : never;
/** The success envelope of a GET path. */
export type AnswerOf<P extends GetPath> = GetOp<P> extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
/** One element of `data` of a GET path. */
export type ItemOf<P extends GetPath> = AnswerOf<P> extends { data: (infer T)[] } ? T : never;

export interface GetOptions<P extends GetPath> {
  query?: QueryOf<P>;
  path?: PathParamsOf<P>;
}

interface Loose {
  GET(path: string, init: object): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}

export class TradeApiClient {
  /** The typed openapi-fetch client: every operation of the document, with the token and retries applied. */
  readonly api: Client<paths>;
  private readonly tokens: Tokens;
  private readonly fetch: typeof fetch;
  private readonly baseUrl: string;

  constructor(opts: ClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    const inner = opts.fetch ?? globalThis.fetch;
    this.fetch = retryingFetch(inner, { maxRetries: opts.maxRetries ?? 3, maxWaitMs: opts.maxRetryWaitMs ?? 60_000, sleep: opts.sleep ?? realSleep });
    this.tokens = new Tokens(
      {
        exchange: async () => (await this.authPost('/v1/auth/token', { api_key: opts.apiKey, api_secret: opts.apiSecret }))!,
        refresh: (refresh_token) => this.authPost('/v1/auth/refresh', { refresh_token }, true),
      },
      opts.refreshMarginMs ?? 60_000,
      opts.now ?? Date.now,
    );
    this.api = createClient<paths>({ baseUrl: this.baseUrl, fetch: this.fetch });
    this.api.use({
      onRequest: async ({ request }) => {
        request.headers.set('authorization', `Bearer ${await this.tokens.accessToken()}`);
        return request;
      },
    });
  }

  /** One answer of a GET path, as its envelope; any other status is thrown as a TradeApiError. */
  async get<P extends GetPath>(path: P, opts: GetOptions<P> = {}): Promise<AnswerOf<P>> {
    const { data, error, response } = await (this.api as unknown as Loose).GET(path, { params: { query: opts.query, path: opts.path } });
    if (!response.ok) throw fromParsed(response, error);
    return data as AnswerOf<P>;
  }

  /** Every page of a list, following meta.next_cursor until it is null. */
  async *pages<P extends GetPath>(path: P, opts: GetOptions<P> = {}): AsyncGenerator<AnswerOf<P>> {
    let cursor: string | undefined;
    do {
      const page = await this.get(path, { ...opts, query: { ...opts.query, ...(cursor ? { cursor } : {}) } as QueryOf<P> });
      yield page;
      cursor = (page as { meta: { next_cursor?: string | null } }).meta.next_cursor ?? undefined;
    } while (cursor);
  }

  /** Every element of a list, page after page. */
  async *items<P extends GetPath>(path: P, opts: GetOptions<P> = {}): AsyncGenerator<ItemOf<P>> {
    for await (const page of this.pages(path, opts)) yield* (page as { data: ItemOf<P>[] }).data;
  }

  /** The whole result of a list or aggregate as CSV or NDJSON: the answer, its body unread (a stream). */
  async download<P extends GetPath>(path: P, format: 'csv' | 'ndjson', opts: GetOptions<P> = {}): Promise<Response> {
    const { error, response } = await (this.api as unknown as Loose).GET(path, { params: { query: { ...opts.query, format }, path: opts.path }, parseAs: 'stream' });
    if (!response.ok) throw fromParsed(response, error);
    return response;
  }

  /** The lines of a download as they arrive (the CSV header first). */
  async *lines<P extends GetPath>(path: P, format: 'csv' | 'ndjson', opts: GetOptions<P> = {}): AsyncGenerator<string> {
    const res = await this.download(path, format, opts);
    const decoder = new TextDecoder();
    let rest = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
      rest = lines.pop()!;
      yield* lines;
    }
    rest += decoder.decode();
    if (rest) yield rest;
  }

  /** The records of an NDJSON download, parsed one by one as they arrive. */
  async *records<P extends GetPath>(path: P, opts: GetOptions<P> = {}): AsyncGenerator<Record<string, unknown>> {
    for await (const line of this.lines(path, 'ndjson', opts)) if (line.trim()) yield JSON.parse(line) as Record<string, unknown>;
  }

  /** POSTs to the token endpoints; a refused refresh (the token was used or revoked) is null, not an error. */
  private async authPost(path: string, body: object, refusalIsNull = false): Promise<TokenPair | null> {
    const res = await this.fetch(`${this.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.ok) return ((await res.json()) as { data: [TokenPair] }).data[0];
    if (refusalIsNull && res.status === 401) return null;
    throw await errorOf(res);
  }
}

function fromParsed(response: Response, error: unknown): TradeApiError {
  const e = (error as { error?: { type: ErrorType; message: string; request_id?: string; details?: ErrorDetail[] } } | undefined)?.error;
  const requestId = e?.request_id ?? response.headers.get('x-request-id');
  if (e) return new TradeApiError(response.status, e.type, e.message, requestId, e.details ?? []);
  const type: ErrorType = response.status === 429 ? 'rate_limited' : response.status === 503 ? 'service_unavailable' : response.status >= 500 ? 'internal_error' : 'validation_error';
  return new TradeApiError(response.status, type, typeof error === 'string' ? error.slice(0, 200) : response.statusText, requestId, []);
}
