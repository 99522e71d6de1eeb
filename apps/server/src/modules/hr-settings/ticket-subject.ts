/** A ticket subject (an ASSUNTO_CHAMADO catalogue item) with its HR settings. */
export interface TicketSubject {
  id: number;
  name: string;
  active: boolean;
  confidential: boolean;
  /** First-response target in business minutes (null: no target). */
  firstResponseMinutes: number | null;
  /** Resolution target in business minutes (null: no target). */
  resolutionMinutes: number | null;
  /** The subject form's version (its catalogue item's): the wire's `versao`. */
  version: number;
}
