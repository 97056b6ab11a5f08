import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandboxAddressBook, sandboxAddressFailures } from '../../platform/address';

/**
 * A local stand-in for Loqate's Capture Interactive services (issue 31), in Loqate's wire format,
 * so the address adapter runs end to end on one machine:
 *
 * - `Capture/Interactive/Find/v1.10/json3.ws` (Key, Text, Countries, Container, Limit): a postcode
 *   is answered as one `Postcode` container ("… - N Addresses"); Find inside it lists its
 *   `Address` items.
 * - `Capture/Interactive/Retrieve/v1.2/json3.ws` (Key, Id): the address in parts (SubBuilding,
 *   BuildingName, BuildingNumber, Street, City, Province, PostalCode, CountryIso2, Label …).
 * - Parameters by GET query or POST (form or JSON); every answer is 200 `{ Items: [...] }`, errors
 *   as Loqate's error items (`Error` 2 unknown key, 1001/1002 for a missing parameter).
 * - The addresses are the sandbox address book's (README); the sandbox's failure postcodes answer
 *   HTTP 503, and `stall(count)` leaves the next requests unanswered, as a timeout would.
 */

type Json = Record<string, unknown>;

export interface LoqateSimulatorOptions {
  apiKey: string;
}

export interface LoqateSimulator {
  url: string;
  /** Requests received: the service and the parameters other than Key. */
  requests: { service: 'Find' | 'Retrieve' | 'unknown'; parameters: Record<string, string>; keyInUrl: boolean }[];
  /** The next `count` requests are never answered (the connection stays open until close). */
  stall(count?: number): void;
  close(): Promise<void>;
}

const FIND = '/Capture/Interactive/Find/v1.10/json3.ws';
const RETRIEVE = '/Capture/Interactive/Retrieve/v1.2/json3.ws';

const compact = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();
const errorItem = (code: string, description: string, cause: string) => ({
  Items: [{ Error: code, Description: description, Cause: cause, Resolution: 'Check the request and the account.' }],
});
const idOf = (country: string, postcode: string, index?: number) =>
  index === undefined
    ? `${country}|PC|${createHash('sha1').update(compact(postcode)).digest('hex').slice(0, 10)}`
    : `${country}|RM|A|${createHash('sha1')
        .update(`${compact(postcode)}#${index}`)
        .digest('hex')
        .slice(0, 12)}`;

/** The address book as Loqate's records: the building split into its parts. */
function records() {
  return (['IE', 'GB'] as const).flatMap((country) =>
    Object.entries(sandboxAddressBook[country]).flatMap(([postcode, entries]) =>
      entries.map((entry, index) => {
        const parts = entry.building.split(', ');
        const last = parts.at(-1) ?? '';
        const numbered = /^\d+[A-Z]?$/i.test(last);
        return {
          id: idOf(country, postcode, index),
          country,
          postcode,
          SubBuilding: numbered ? parts.slice(0, -1).join(', ') : '',
          BuildingName: numbered ? '' : entry.building,
          BuildingNumber: numbered ? last : '',
          Street: entry.street,
          City: entry.city,
          Province: entry.county,
          text: `${entry.building} ${entry.street}`,
        };
      }),
    ),
  );
}

export async function startLoqateSimulator(options: LoqateSimulatorOptions, port = 0): Promise<LoqateSimulator> {
  const book = records();
  const requests: LoqateSimulator['requests'] = [];
  let stalls = 0;

  const keyMatches = (given: string) => {
    const expected = Buffer.from(options.apiKey);
    const offered = Buffer.from(given);
    return offered.length === expected.length && timingSafeEqual(offered, expected);
  };

  const find = (parameters: Record<string, string>): [number, Json] => {
    const text = parameters.Text ?? '';
    const countries = (parameters.Countries ?? '').split(/[,|]/).filter(Boolean);
    if (!text && !parameters.Container) return [200, errorItem('1001', 'Text Required', 'The Text parameter was not supplied.')];
    if (parameters.Container) {
      const inside = book.filter((record) => idOf(record.country, record.postcode) === parameters.Container);
      return [
        200,
        {
          Items: inside.map((record) => ({
            Id: record.id,
            Type: 'Address',
            Text: record.text,
            Highlight: '',
            Description: `${record.City}, ${record.postcode}`,
          })),
        },
      ];
    }
    const failing = Object.entries(sandboxAddressFailures).find(([, postcode]) => compact(postcode) === compact(text));
    if (failing) return [503, { Message: 'Service Unavailable' }];
    const matching = book.filter((record) => compact(record.postcode) === compact(text) && (countries.length === 0 || countries.includes(record.country)));
    if (matching.length === 0) return [200, { Items: [] }];
    const first = matching[0]!;
    return [
      200,
      {
        Items: [
          {
            Id: idOf(first.country, first.postcode),
            Type: 'Postcode',
            Text: first.postcode,
            Highlight: `0-${first.postcode.length}`,
            Description: `${first.Street}, ${first.City} - ${matching.length} Addresses`,
          },
        ],
      },
    ];
  };

  const retrieve = (parameters: Record<string, string>): [number, Json] => {
    if (!parameters.Id) return [200, errorItem('1001', 'Id Required', 'The Id parameter was not supplied.')];
    const record = book.find((entry) => entry.id === parameters.Id);
    if (!record) return [200, errorItem('1002', 'Id Invalid', 'The Id parameter supplied was invalid.')];
    const line1 = [record.SubBuilding, record.BuildingName, [record.BuildingNumber, record.Street].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    return [
      200,
      {
        Items: [
          {
            Id: record.id,
            DomesticId: '',
            Language: 'ENG',
            LanguageAlternatives: 'ENG',
            Department: '',
            Company: '',
            SubBuilding: record.SubBuilding,
            BuildingNumber: record.BuildingNumber,
            BuildingName: record.BuildingName,
            SecondaryStreet: '',
            Street: record.Street,
            Block: '',
            Neighbourhood: '',
            District: '',
            City: record.City,
            Line1: line1,
            Line2: '',
            AdminAreaName: record.Province,
            Province: record.Province,
            ProvinceName: record.Province,
            PostalCode: record.postcode,
            CountryName: record.country === 'IE' ? 'Ireland' : 'United Kingdom',
            CountryIso2: record.country,
            CountryIso3: record.country === 'IE' ? 'IRL' : 'GBR',
            Label: [line1, record.City.toUpperCase(), record.postcode].join('\n'),
            Type: 'Residential',
            DataLevel: 'Premise',
          },
        ],
      },
    ];
  };

  const readParameters = async (request: IncomingMessage, location: URL): Promise<Record<string, string>> => {
    const parameters = Object.fromEntries(location.searchParams.entries());
    if (request.method !== 'POST') return parameters;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (String(request.headers['content-type'] ?? '').includes('application/json')) {
      const parsed = JSON.parse(text || '{}') as Json;
      return { ...parameters, ...Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)])) };
    }
    return { ...parameters, ...Object.fromEntries(new URLSearchParams(text).entries()) };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const location = new URL(request.url ?? '/', 'http://simulator');
    if (stalls > 0) {
      stalls -= 1;
      // Never answered: the caller's timeout ends it.
      return;
    }
    const send = (status: number, body: Json) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    const parameters = await readParameters(request, location);
    const { Key: key = '', ...rest } = parameters;
    const service = location.pathname === FIND ? 'Find' : location.pathname === RETRIEVE ? 'Retrieve' : 'unknown';
    requests.push({ service, parameters: rest, keyInUrl: location.searchParams.has('Key') });
    if (service === 'unknown') return send(404, { Message: 'Not Found' });
    if (!keyMatches(key)) return send(200, errorItem('2', 'Unknown key', 'The key you are using to access the service was not found.'));
    send(...(service === 'Find' ? find(rest) : retrieve(rest)));
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ Message: 'simulator failure' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    stall(count = 1) {
      stalls += count;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
