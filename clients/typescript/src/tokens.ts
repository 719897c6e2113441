// Key and secret exchanged for an access token, refreshed before it expires: a request never
// leaves with a token about to lapse. A refresh token is single use (the server revokes the whole
// family on replay), so one refresh runs at a time; when it is refused the pair is asked for anew.
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  /** ISO time the access token stops working. */
  expires_at: string;
  expires_in: number;
}

export interface TokenSource {
  exchange(): Promise<TokenPair>;
  refresh(refreshToken: string): Promise<TokenPair | null>;
}

export class Tokens {
  private pair: TokenPair | null = null;
  private pending: Promise<TokenPair> | null = null;

  constructor(
    private readonly source: TokenSource,
    /** Refresh this long before expiry (or at a tenth of the lifetime, whichever is shorter). */
    private readonly marginMs: number,
    private readonly now: () => number,
  ) {}

  async accessToken(): Promise<string> {
    if (this.pair && !this.dueForRefresh(this.pair)) return this.pair.access_token;
    this.pending ??= this.renew().finally(() => (this.pending = null));
    return (await this.pending).access_token;
  }

  private dueForRefresh(p: TokenPair): boolean {
    const margin = Math.min(this.marginMs, (p.expires_in * 1000) / 10);
    return this.now() >= Date.parse(p.expires_at) - margin;
  }

  private async renew(): Promise<TokenPair> {
    const refreshed = this.pair ? await this.source.refresh(this.pair.refresh_token) : null;
    this.pair = refreshed ?? (await this.source.exchange());
    return this.pair;
  }
}
