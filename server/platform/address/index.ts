// The address look-up module's public face (SIGNUP-24): the provider interface, the sandbox and
// Loqate adapters, the factory that picks one (ADDRESS_PROVIDER) and the route.
export { AddressServiceUnavailable, type AddressProvider } from './address-provider';
export { SandboxAddressProvider, sandboxAddressBook, sandboxAddressFailures } from './sandbox-address-provider';
export { LoqateAddressProvider } from './loqate-address-provider';
export { createAddressProvider } from './address-providers';
