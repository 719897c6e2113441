// One error class for every answer that is not a success: it carries the envelope's error type
// (the contract's closed list), the request id to quote to the operator and, for a 400, the field.
export type ErrorType =
  | 'validation_error' | 'unauthorized' | 'token_expired' | 'forbidden' | 'not_found' | 'conflict'
  | 'unsupported_media_type' | 'payload_too_large' | 'rate_limited' | 'quota_exceeded'
  | 'service_unavailable' | 'internal_error';

export interface ErrorDetail {
  field: string;
  issue: string;
  allowed?: string[];
}

export class TradeApiError extends Error {
  override readonly name = 'TradeApiError';
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly requestId: string | null,
    readonly details: ErrorDetail[],
  ) {
    super(`${status} ${type}: ${message}${requestId ? ` (request ${requestId})` : ''}`);
  }

  /** The field a 400 names first, e.g. `hs` or `[0].items[2].gtip`; null when none is named. */
  get field(): string | null {
    return this.details[0]?.field ?? null;
  }
}

/** The error of a non-2xx answer: from its envelope, or from the status alone when it has none. */
export async function errorOf(res: Response): Promise<TradeApiError> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { error?: { type: ErrorType; message: string; request_id?: string; details?: ErrorDetail[] } };
    if (body.error) return new TradeApiError(res.status, body.error.type, body.error.message, body.error.request_id ?? res.headers.get('x-request-id'), body.error.details ?? []);
  } catch {
    // not JSON: fall through to the status alone
  }
  const type: ErrorType = res.status === 429 ? 'rate_limited' : res.status === 503 ? 'service_unavailable' : res.status >= 500 ? 'internal_error' : 'validation_error';
  return new TradeApiError(res.status, type, text.slice(0, 200) || res.statusText, res.headers.get('x-request-id'), []);
}
