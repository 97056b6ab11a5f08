// The address look-up module's public face (SIGNUP-24): the provider interface, the sandbox that
// implements it and the route.
export { AddressServiceUnavailable, type AddressProvider } from './address-provider';
export { SandboxAddressProvider, createAddressProvider, sandboxAddressBook, sandboxAddressFailures } from './sandbox-address-provider';
