// The account area's public face (spec 000 §2 Account page, spec 001 §2 Account details).
export { AccountPage } from './components/account-page';
