/** The classes of an inline text link (underlined, in the company's readable ink). */
export const textLinkClassName = 'text-primary-ink underline underline-offset-2 hover:no-underline';
