/** The shape of a static legal page: plain text only, rendered as React text. */
export interface LegalDocument {
  title: string;
  updated: string;
  intro: string;
  sections: { heading: string; paragraphs?: string[]; list?: string[] }[];
}
