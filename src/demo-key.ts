// The demo key is printed once, at creation (the secret is stored only as a hash), on the
// terminal of whoever started the server: a development convenience (DEMO_KEY, on by default for
// SQLite only).
export function printDemoKey(demo: { api_key: string; api_secret: string; scopes: readonly string[] }, host: string, port: number): void {
  console.log('tradeapi: demo key created (read scopes, no contact details). Keep the secret, it is shown only now:');
  console.log(JSON.stringify({ api_key: demo.api_key, api_secret: demo.api_secret, scopes: demo.scopes }));
  console.log(`tradeapi: try  curl -s -X POST http://${host}:${port}/v1/auth/token -H 'content-type: application/json' -d '{"api_key":"${demo.api_key}","api_secret":"<secret>"}'`);
}
