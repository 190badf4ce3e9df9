/** The transactional outbox as other modules see it (issue 16). */
export {
  Outbox,
  MAIL_KIND,
  type OutboxOptions,
  type QueuedMail,
  type RenderContext,
  type RenderedMail,
  type Renderer,
  type Task,
  type TaskContext,
  type TaskOutcome,
} from './outbox';
export { outboxCleanup } from './outbox-cleanup';
export { OutboxSeal } from './outbox-seal';
