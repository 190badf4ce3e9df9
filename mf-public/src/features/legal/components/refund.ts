import type { LegalDocument } from './legal-document';

export const REFUND: LegalDocument = {
  title: 'Refund Policy',
  updated: 'November 1, 2026',
  intro:
    'The Rotalink lifetime plan is a one-time payment. We want you to be happy with it, so every purchase comes with a 14-day money-back guarantee.',
  sections: [
    {
      heading: '14-day money-back guarantee',
      paragraphs: [
        'If Rotalink is not right for you, ask for a refund within 14 days of your purchase and we will refund the full amount, no questions asked.',
      ],
    },
    {
      heading: 'How to ask for a refund',
      list: [
        'Write to our support address from the email address of your account.',
        'Tell us the date of the purchase; a reason helps us improve but is not required.',
        'We confirm within two business days and send the refund to the original payment method. Your bank may take 5 to 10 business days to show it.',
      ],
    },
    {
      heading: 'After 14 days',
      paragraphs: [
        'After 14 days the lifetime plan is not refundable, except where the law gives you a right to a refund, or where the service has been unavailable to you for a long period because of a fault on our side.',
      ],
    },
    {
      heading: 'What happens to your account',
      paragraphs: [
        'When a refund is issued the plan returns to inactive. Your account, profiles and links stay in place, but you can no longer add links until you subscribe again.',
      ],
    },
    {
      heading: 'Duplicate or mistaken charges',
      paragraphs: [
        'If you paid for the plan twice (for example in two browser tabs), we refund the second payment automatically and email you when it is done. For any other mistaken charge, write to us and we will refund it in full, whatever the date.',
      ],
    },
  ],
};
