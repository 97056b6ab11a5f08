import type { Logger } from 'pino';
import type { FindAddressQuery, FoundAddress } from '../../../contracts/platform/address/find-address';
import { AddressServiceUnavailable, type AddressProvider } from './address-provider';

export interface LoqateOptions {
  apiKey: string;
  /** Loqate's API (https://api.addressy.com) or the simulator's address. */
  apiUrl?: string | undefined;
  logger: Logger;
  /** Milliseconds a call may take before the look-up is given up (default 5000). */
  timeoutMs?: number;
}

/** A Find item: a container (a postcode, a street) to expand, or an address to retrieve. */
interface FindItem {
  Id: string;
  Type: string;
  Text: string;
  Description: string;
}

/** The Retrieve fields the sign-up form takes. */
interface RetrieveItem {
  Language?: string;
  SubBuilding?: string;
  BuildingName?: string;
  BuildingNumber?: string;
  Street?: string;
  SecondaryStreet?: string;
  City?: string;
  Province?: string;
  ProvinceName?: string;
  District?: string;
  PostalCode?: string;
}

/** Loqate's error item: every service answers 200 with `{ Items: [{ Error, Description, Cause, Resolution }] }`. */
interface ErrorItem {
  Error: string;
  Description?: string;
}

const FIND = '/Capture/Interactive/Find/v1.10/json3.ws';
const RETRIEVE = '/Capture/Interactive/Retrieve/v1.2/json3.ws';
/** Retrieve is charged per call: a postcode's first addresses only (a postcode holds a few dozen at most). */
const MAX_ADDRESSES = 30;

/**
 * The address look-up on Loqate's Capture Interactive services (issue 31, SIGNUP-24; Loqate has
 * no official Node SDK, so plain HTTP by fetch): Find with the postcode, Find again inside the
 * postcode container it answers, then Retrieve each address for its parts. Parameters go in a
 * POST form body, so the key never appears in a URL or an access log. An error item, an HTTP
 * failure or a timeout is AddressServiceUnavailable (the route answers 503 and the player types
 * the address).
 */
export class LoqateAddressProvider implements AddressProvider {
  readonly id = 'loqate';
  private readonly base: string;

  constructor(private readonly options: LoqateOptions) {
    this.base = (options.apiUrl ?? 'https://api.addressy.com').replace(/\/+$/, '');
  }

  async findAddresses(query: FindAddressQuery): Promise<FoundAddress[]> {
    const first = await this.call<FindItem>(FIND, { Text: query.postcode, Countries: query.country, Limit: '10', Language: 'en' });
    const addresses: FindItem[] = [];
    // A postcode is answered as a container; expand the ones that match the postcode itself.
    const wanted = compact(query.postcode);
    for (const item of first) {
      if (addresses.length >= MAX_ADDRESSES) break;
      if (item.Type === 'Address') addresses.push(item);
      else if (item.Type === 'Postcode' && compact(item.Text) === wanted) {
        const inside = await this.call<FindItem>(FIND, {
          Text: query.postcode,
          Countries: query.country,
          Container: item.Id,
          Limit: String(MAX_ADDRESSES),
          Language: 'en',
        });
        addresses.push(...inside.filter((entry) => entry.Type === 'Address'));
      }
    }
    const retrieved = await Promise.all(addresses.slice(0, MAX_ADDRESSES).map(async (item) => (await this.call<RetrieveItem>(RETRIEVE, { Id: item.Id }))[0]));
    return retrieved
      .filter((item): item is RetrieveItem => item !== undefined && compact(item.PostalCode ?? '') === wanted)
      .map((item) => ({
        building: [item.SubBuilding, item.BuildingName, item.BuildingNumber].filter((part) => part && part.trim() !== '').join(', '),
        street: [item.SecondaryStreet, item.Street].filter((part) => part && part.trim() !== '').join(', '),
        city: item.City ?? '',
        county: item.Province || item.ProvinceName || item.District || '',
        postalCode: item.PostalCode ?? '',
        country: query.country,
      }));
  }

  private async call<T>(path: string, parameters: Record<string, string>): Promise<T[]> {
    let body: { Items?: unknown };
    try {
      const response = await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ Key: this.options.apiKey, ...parameters }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = (await response.json()) as { Items?: unknown };
    } catch (error) {
      this.options.logger.warn(
        { provider: this.id, service: path, err: error instanceof Error ? error.message : String(error) },
        'address: Loqate did not answer',
      );
      throw new AddressServiceUnavailable();
    }
    const items = Array.isArray(body.Items) ? (body.Items as (T | ErrorItem)[]) : [];
    const failed = items.find((item): item is ErrorItem => typeof item === 'object' && item !== null && 'Error' in item);
    if (failed) {
      // The key, an account limit or a bad request: the player types the address meanwhile.
      this.options.logger.warn({ provider: this.id, service: path, error: failed.Error, description: failed.Description }, 'address: Loqate answered an error');
      throw new AddressServiceUnavailable();
    }
    return items as T[];
  }
}

const compact = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();
