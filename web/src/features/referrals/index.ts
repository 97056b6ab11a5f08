// The Refer a Friend area's public face: the account page's Refer a Friend tab (spec 001 §2).
export { ReferAFriend } from './components/refer-a-friend';
