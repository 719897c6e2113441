// One error type with a closed list of kinds (the contract's, §1); one table from kind to HTTP
// status. The one status outside the table is 405, answered with kind not_found (no such operation
// for that method) and an Allow header, because the contract's list of kinds is closed.
export const ERROR_STATUS = {
  validation_error: 400,
  unauthorized: 401,
  token_expired: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  quota_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;
export const ERROR_TYPES = Object.keys(ERROR_STATUS) as ErrorType[];

export interface ErrorDetail {
  field: string;
  issue: string;
  allowed?: string[];
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
    status?: number,
  ) {
    super(message);
    this.status = status ?? ERROR_STATUS[type];
  }
}

/** A 400 naming one field; `allowed` lists the accepted values of an enumeration. */
export function badParam(field: string, issue: string, allowed?: readonly string[]): ApiError {
  const detail: ErrorDetail = allowed ? { field, issue, allowed: [...allowed] } : { field, issue };
  return new ApiError('validation_error', `Invalid ${field}: ${issue}`, [detail]);
}

export function notFound(what: string, id: string | number): ApiError {
  return new ApiError('not_found', `${what} ${id} not found`);
}

export function methodNotAllowed(method: string, url: string, allowed: string[]): ApiError {
  return new ApiError('not_found', `Method ${method} is not allowed on ${url}; allowed: ${allowed.join(', ')}`, [], { allow: allowed.join(', ') }, 405);
}
