// A generated parameter value in the lexical form of each binding family: XML Schema forms for
// SOAP, invariant-culture text for HTTP GET/POST (spec §4.1 rule 2; notes, "Lexical forms").
export interface GeneratedValue {
  readonly soap: string;
  readonly http: string;
}

export const sameInBoth = (text: string): GeneratedValue => ({ soap: text, http: text });
