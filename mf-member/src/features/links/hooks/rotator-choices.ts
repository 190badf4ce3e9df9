import type { OnFinish, RotationMode } from '@rotalink/shared-api';

/** The contract's choices, in the order the form offers them (the default first). */
export const ROTATION_MODE_CHOICES: readonly RotationMode[] = ['fulfillment', 'round_robin', 'random', 'spillover', 'optimize'];
export const ON_FINISH_CHOICES: readonly OnFinish[] = ['page', 'backup', 'restart'];
