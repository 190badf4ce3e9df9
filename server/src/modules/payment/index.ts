export { paymentRoutes } from './payment.routes';
export type { PaymentProvider, PaymentVerification } from './payment-provider';
