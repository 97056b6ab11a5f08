import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

type ErrorBody = { status: string; errors?: { field: string; error: string }[] };
type Found = { addresses: { building: string; street: string; city: string; county: string; postalCode: string; country: string }[] };

/** SIGNUP-24: address look-up for sign-up step 2 through the provider interface's sandbox. */
describe('findAddress (SIGNUP-24)', () => {
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
    api.cookies.set('SESSION_KEY', (await server.createSignedInPlayer({ registrationStatus: 'QUICK_REG' })).token);
  });
  afterAll(() => server.close());

  it('finds the addresses at an Eircode, written with or without its space', async () => {
    for (const postcode of ['D02 X285', 'd02x285']) {
      const { status, body } = await api.get<Found>(`/ps/findAddress?country=IE&postcode=${encodeURIComponent(postcode)}`);
      expect(status).toBe(200);
      expect(body.addresses).toHaveLength(3);
      expect(body.addresses[0]).toEqual({ building: '1', street: 'Grafton Street', city: 'Dublin 2', county: 'Dublin', postalCode: 'D02 X285', country: 'IE' });
    }
  });

  it('finds the addresses at a UK postcode', async () => {
    const { body } = await api.get<Found>('/ps/findAddress?country=GB&postcode=SW1A%201AA');
    expect(body.addresses).toEqual([
      { building: 'Buckingham Palace', street: 'The Mall', city: 'London', county: 'Greater London', postalCode: 'SW1A 1AA', country: 'GB' },
    ]);
  });

  it('answers an empty list for a valid postcode it does not know', async () => {
    expect((await api.get<Found>('/ps/findAddress?country=IE&postcode=H91%20C2K3')).body).toEqual({ status: 'SUCCESS', addresses: [] });
  });

  it.each([
    ['an Eircode that is not one', 'country=IE&postcode=12345', 'postcode'],
    ['a UK postcode given as Irish', 'country=IE&postcode=SW1A%201AA', 'postcode'],
    ['a country outside IE and GB', 'country=FR&postcode=75001', 'country'],
    ['no postcode', 'country=IE', 'postcode'],
  ])('refuses %s (%s) naming %s', async (_what, query, field) => {
    const answer = await api.get<ErrorBody>(`/ps/findAddress?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((error) => error.field)).toContain(field);
  });

  it('answers 503 with a catalogue code when the service fails', async () => {
    const answer = await api.get<ErrorBody>('/ps/findAddress?country=GB&postcode=ZZ1%201ZZ');
    expect(answer.status).toBe(503);
    expect(answer.body.status).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers 401 without a session', async () => {
    expect((await new ApiClient(server.url).get('/ps/findAddress?country=IE&postcode=D02%20X285')).status).toBe(401);
  });
});
