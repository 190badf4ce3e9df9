import type { LegalDocument } from './legal-document';

export const PRIVACY: LegalDocument = {
  title: 'Privacy Policy',
  updated: 'November 1, 2026',
  intro:
    'This policy explains what personal data Rotalink collects, why, and the choices you have. We collect as little as we need to run the service.',
  sections: [
    {
      heading: 'What we collect',
      list: [
        'Account data: your first and last name, email address and a securely hashed password (we never store the password itself).',
        'Profile data you choose to publish: title, slogan, about text, sub-profile names and phone numbers, and your links.',
        'Payment data: the plan, amount and date of your purchase. Card details are handled by our payment provider and never reach our servers.',
        'Usage data: click counts on links, and technical logs (IP address, browser type) kept for security and abuse prevention.',
      ],
    },
    {
      heading: 'How we use it',
      list: [
        'to run your account, your public pages and your link queues;',
        'to process your payment and confirm your plan;',
        'to send service emails, such as password reset links;',
        'to protect the service against fraud, fake clicks and abuse.',
      ],
      paragraphs: ['We do not sell your personal data and we do not use it for advertising.'],
    },
    {
      heading: 'What visitors see',
      paragraphs: [
        'Your public page shows your name, title, slogan, about text and your links. Do not put anything there that you do not want the public to see.',
        'Visitors to a public page are not asked to sign in. We count their clicks but do not build profiles of them.',
      ],
    },
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        "We store your sign-in token in your browser's local storage so you stay signed in. We do not use advertising or tracking cookies.",
      ],
    },
    {
      heading: 'Sharing',
      paragraphs: [
        'We share data only with the providers that help us run Rotalink (hosting, email delivery, payment processing), under contracts that protect it, or when the law requires it.',
      ],
    },
    {
      heading: 'Retention',
      paragraphs: [
        'We keep your account data while your account exists. When you delete your account we remove your profiles and links within 30 days; payment records are kept as long as tax law requires.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You can see and correct your profile data in your dashboard at any time. You can ask us for a copy of your data, or to delete it, by writing to our support address below.',
      ],
    },
  ],
};
