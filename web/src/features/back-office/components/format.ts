/** Day-month-year and time in UTC: staff in different places read the same moment the same way. */
export function formatWhen(iso: string): string {
  const at = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(at.getUTCDate())}.${pad(at.getUTCMonth() + 1)}.${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
}

export const formatMoney = (amount: number) => amount.toFixed(2);
