/** A date from the API (ISO 8601 or 'YYYY-MM-DD HH:mm:ss') as the member's locale writes it. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value.includes('T') ? value : value.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

export function formatPrice(value: number | null | undefined): string {
  return typeof value === 'number' ? `$${value.toFixed(2)}` : '—';
}
