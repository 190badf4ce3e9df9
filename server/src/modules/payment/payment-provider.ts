/** What the caller asks a provider for: the price and the user always come from the server, never the client. */
export interface CreateSessionInput {
  userId: string;
  email: string | null;
  amountCents: number;
  currency: string;
  /** May contain `{CHECKOUT_SESSION_ID}`, replaced by the session id (Stripe's own placeholder). */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  /** Where the browser goes to pay. */
  url: string;
}

/** What the provider says about a session; the service decides whether it is good enough. */
export interface PaymentVerification {
  sessionId: string;
  paid: boolean;
  userId: string | null;
  amountCents: number | null;
  currency: string | null;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createSession(input: CreateSessionInput): Promise<CheckoutSession>;
  /** null when the provider does not know the session. */
  verify(sessionId: string): Promise<PaymentVerification | null>;
  /**
   * Closes an open session so it can no longer be paid (a provider that takes the money before we
   * hear of it: Stripe). A session already paid, closed or unknown is left as it is.
   */
  expire?(sessionId: string): Promise<void>;
  /**
   * Gives back the whole payment of a paid session (a second payment for a plan already active).
   * Safe to call again for the same session: the money goes back once.
   */
  refund?(sessionId: string): Promise<void>;
}

export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** The provider could not be asked (network, outage, bad key): a 502 for the caller, details in the log. */
export class PaymentProviderUnavailable extends Error {
  constructor(cause: unknown) {
    super(`payment provider unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}
