import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressServiceUnavailable, LoqateAddressProvider, SandboxAddressProvider, sandboxAddressBook } from '../../server/platform/address';
import { startLoqateSimulator, type LoqateSimulator } from '../../server/sandbox/loqate';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

type ErrorBody = { status: string; errors?: { field: string; error: string }[] };
type Found = { addresses: { building: string; street: string; city: string; county: string; postalCode: string; country: string }[] };

/**
 * Issue 31, SIGNUP-24: sign-up step 2's address look-up through the Loqate adapter (Capture
 * Interactive Find v1.10 and Retrieve v1.2 by plain HTTP) against the Loqate simulator, which
 * serves the sandbox's address book: the same addresses as the sandbox, the key never in a URL,
 * failures and timeouts answered 503 so the player types the address.
 */
const KEY = 'AA11-BB22-CC33-DD44';
let loqate: LoqateSimulator;
let server: TestServer;
let api: ApiClient;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  loqate = await startLoqateSimulator({ apiKey: KEY });
  server = await startTestServer({ ADDRESS_PROVIDER: 'loqate', LOQATE_API_KEY: KEY, LOQATE_API_URL: loqate.url });
  api = new ApiClient(server.url);
  api.cookies.set('SESSION_KEY', (await server.createSignedInPlayer({ registrationStatus: 'QUICK_REG' })).token);
});
afterAll(async () => {
  await server?.close();
  await loqate?.close();
});

describe('issue 31: address look-up through the Loqate adapter and its simulator (SIGNUP-24)', () => {
  it('answers every postcode of the address book as the sandbox does: Find, Find in the postcode container, Retrieve each address', async () => {
    const sandbox = new SandboxAddressProvider();
    for (const country of ['IE', 'GB'] as const) {
      for (const postcode of Object.keys(sandboxAddressBook[country])) {
        const { status, body } = await api.get<Found>(
          `/ps/findAddress?country=${country}&postcode=${encodeURIComponent(postcode.toLowerCase().replace(' ', ''))}`,
        );
        expect(status).toBe(200);
        expect(body.addresses).toEqual(await sandbox.findAddresses({ country, postcode }));
      }
    }
    const seen = new Set(loqate.requests.map((request) => request.service));
    expect(seen).toEqual(new Set(['Find', 'Retrieve']));
    expect(loqate.requests.some((request) => request.parameters.Container)).toBe(true);
    // The key goes in the POST body, never in a URL an access log would keep.
    expect(loqate.requests.every((request) => !request.keyInUrl)).toBe(true);
    const apartment = (await api.get<Found>('/ps/findAddress?country=IE&postcode=D02%20X285')).body.addresses[2];
    expect(apartment).toEqual({
      building: 'Apartment 4, 3',
      street: 'Grafton Street',
      city: 'Dublin 2',
      county: 'Dublin',
      postalCode: 'D02 X285',
      country: 'IE',
    });
  });

  it('answers an empty list for a valid postcode Loqate does not know', async () => {
    expect((await api.get<Found>('/ps/findAddress?country=GB&postcode=W1A%201AA')).body).toEqual({ status: 'SUCCESS', addresses: [] });
  });

  it('a failing service is 503 SERVICE_UNAVAILABLE (the player types the address)', async () => {
    const answer = await api.get<ErrorBody>('/ps/findAddress?country=IE&postcode=A65%20F4E2');
    expect(answer.status).toBe(503);
    expect(answer.body.status).toBe('SERVICE_UNAVAILABLE');
  });

  it("Loqate's error item (an unknown key) and a request that never answers are the service unavailable", async () => {
    const wrongKey = new LoqateAddressProvider({ apiKey: 'WRONG-KEY-0000', apiUrl: loqate.url, logger: silent });
    await expect(wrongKey.findAddresses({ country: 'GB', postcode: 'M1 1AE' })).rejects.toBeInstanceOf(AddressServiceUnavailable);
    loqate.stall(1);
    const impatient = new LoqateAddressProvider({ apiKey: KEY, apiUrl: loqate.url, logger: silent, timeoutMs: 300 });
    await expect(impatient.findAddresses({ country: 'GB', postcode: 'M1 1AE' })).rejects.toBeInstanceOf(AddressServiceUnavailable);
    // The next look-up is answered again.
    expect(await impatient.findAddresses({ country: 'GB', postcode: 'M1 1AE' })).toHaveLength(2);
  });

  it.each([
    ['an Eircode that is not one', 'country=IE&postcode=12345', 'postcode'],
    ['a country outside IE and GB', 'country=FR&postcode=75001', 'country'],
  ])('bad input: refuses %s (%s) naming %s, without asking Loqate', async (_what, query, field) => {
    const before = loqate.requests.length;
    const answer = await api.get<ErrorBody>(`/ps/findAddress?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((error) => error.field)).toContain(field);
    expect(loqate.requests.length).toBe(before);
  });

  it('no session: 401, and Loqate is not asked (a paid look-up is not open to anyone)', async () => {
    const before = loqate.requests.length;
    expect((await new ApiClient(server.url).get('/ps/findAddress?country=IE&postcode=D02%20X285')).status).toBe(401);
    expect(loqate.requests.length).toBe(before);
  });
});
