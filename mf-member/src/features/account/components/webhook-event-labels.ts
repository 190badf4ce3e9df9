import type { WebhookEvent } from '@rotalink/shared-api/live';

/** The events a webhook endpoint may pick, in words (issue 31). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'link.filled': 'A link reached its click cap',
  'queue.empty': 'The queue ran out of links',
  'link.paused': 'A link was paused (by you or the health check)',
  'conversion.created': 'A conversion was recorded',
};
