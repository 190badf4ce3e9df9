import type { LegalDocument } from './legal-document';

export const TERMS: LegalDocument = {
  title: 'Terms of Service',
  updated: 'November 1, 2026',
  intro:
    'These terms govern your use of Rotalink, a link rotation service for network and affiliate marketers. By creating an account or using a public Rotalink page you agree to them.',
  sections: [
    {
      heading: 'The service',
      paragraphs: [
        'Rotalink lets a member publish a public page that lists referral links as a queue. Visitors click the links in order; each link counts its clicks and moves to the completed list when it reaches its click cap.',
        'Members can create sub-profiles, each with its own public page and links.',
      ],
    },
    {
      heading: 'Your account',
      list: [
        'You must be at least 18 years old and give accurate sign-up details.',
        'Keep your password secret. You are responsible for what happens under your account.',
        'Tell us at once if you believe your account has been used without your permission.',
      ],
    },
    {
      heading: 'The lifetime plan',
      paragraphs: [
        'The lifetime plan is a one-time payment that unlocks link management for your profile and its sub-profiles, with up to 20 links per profile, for as long as the service is operated. There are no renewals or recurring charges.',
        'Prices are shown in US dollars and may include taxes where required. The price charged is the one shown at checkout.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['You may not use Rotalink to publish or promote:'],
      list: [
        'malware, phishing, or links that deceive visitors about where they lead;',
        'illegal products, pyramid schemes prohibited by law, or content that infringes the rights of others;',
        'adult, hateful or violent content;',
        "automated or fake clicks on your own or anyone else's links.",
      ],
    },
    {
      heading: 'Links and content you publish',
      paragraphs: [
        'You keep ownership of the names, titles, slogans, descriptions and links you publish, and you grant us the right to display them on your public pages. You are responsible for making sure you may promote every program you link to.',
        'We may remove links or suspend accounts that break these terms, and we will tell you why when we can.',
      ],
    },
    {
      heading: 'Availability and changes',
      paragraphs: [
        "We work hard to keep Rotalink available but cannot promise uninterrupted service. We may improve or change features; if we ever shut the service down we will give at least 90 days' notice by email.",
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'Rotalink is provided "as is". To the extent the law allows, we are not liable for lost earnings, commissions or referrals, and our total liability is limited to the amount you paid us in the 12 months before the claim.',
      ],
    },
    {
      heading: 'Ending your account',
      paragraphs: [
        'You may stop using Rotalink at any time and ask us to delete your account. We may close accounts that seriously or repeatedly break these terms.',
      ],
    },
  ],
};
