/** A small HTTP client for API tests that keeps cookies between calls, like a browser. */
export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  setCookies: string[];
}

export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...this.extraHeaders,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = value === '' || attributes.some((attribute) => /^\s*max-age=0\b/i.test(attribute) || /^\s*expires=thu, 01 jan 1970/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text, setCookies };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = Record<string, unknown>>(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
    return this.request<T>('POST', path, body, headers);
  }
}

let sequence = 0;

/** A valid step-1 sign-up body with a unique username and e-mail. */
export function newSignup(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return {
    username: `player_${tag}`,
    password: 'green4tables',
    birthDate: '1994-05-17',
    currency: 'EUR',
    email: `player_${tag}@example.test`,
    receiveEmail: true,
    consents: [1, 2],
    ...overrides,
  };
}

export const completion = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Saoirse',
  lastName: 'Walsh',
  gender: 'F',
  profession: 'Teacher',
  unit: 'Apt 3',
  building: 'Riverside House',
  address: '7 Quay Street',
  municipality: 'Galway',
  country: 'IE',
  postalCode: 'H91 E2K3',
  city: 'Galway',
  mobile: '353861234567',
  ...overrides,
});

/**
 * A call to the server at `baseUrl()` (read when called: the server starts in beforeAll) with a
 * session cookie or none and a JSON body or none; the answer as fetch gives it.
 */
export function cookieCall(baseUrl: () => string) {
  return (method: string, path: string, cookie: string | null, body?: unknown): Promise<Response> =>
    fetch(`${baseUrl()}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
}
