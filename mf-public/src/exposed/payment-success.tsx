// Exposed as ./PaymentSuccess (frontend contract); the shell owns the route.
export { PaymentSuccessPage as default } from '../features/payment/components/payment-success-page';
