/**
 * The service addresses found at start (BOOT-01, BOOT-02). Start-up discovery sets them once,
 * before anything renders, so every later call can name its service instead of an address.
 */
/** `bo` is the back office's API, served beside the platform service. */
export type ServiceName = 'cms' | 'ps' | 'bo' | 'gs' | 'management';
export type ServiceAddressBook = Record<ServiceName, string>;

let addressBook: ServiceAddressBook | null = null;

export function setServiceAddresses(next: ServiceAddressBook): void {
  addressBook = next;
}

export function serviceUrl(service: ServiceName, path: string): string {
  if (!addressBook) throw new Error('Service addresses are read before start-up discovery finished');
  return joinUrl(addressBook[service], path);
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The address of a service served beside another: `https://host/ps` → `https://host/bo`. */
export function siblingService(base: string, name: string): string {
  return joinUrl(base.replace(/\/+$/, '').replace(/[^/]*$/, ''), name);
}
