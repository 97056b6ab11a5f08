// The player messages area's public face: the navigation item with the unread count, the modal and
// what opens it (CONTENT-30…33, NAV-65, NAV-71).
export { MessagesNavItem } from './components/messages-nav-item';
export { closeMessages, openMessages, useMessagesModalOpen } from './messages-modal-state';
