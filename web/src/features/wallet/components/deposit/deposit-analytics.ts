/** What a completed deposit reports (DEP-30). */
export interface DepositAnalyticsEvent {
  event: 'deposit';
  amount: number;
  currency: string;
  method: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * DEP-30: a completed deposit is announced on the page as an `emerald:analytics` event, and pushed
 * to a tag manager's `dataLayer` when the operator's page has one. No third-party script is loaded.
 */
export function sendDepositAnalytics(deposit: Omit<DepositAnalyticsEvent, 'event'>): void {
  const detail: DepositAnalyticsEvent = { event: 'deposit', ...deposit };
  window.dispatchEvent(new CustomEvent('emerald:analytics', { detail }));
  if (Array.isArray(window.dataLayer)) window.dataLayer.push(detail);
}
