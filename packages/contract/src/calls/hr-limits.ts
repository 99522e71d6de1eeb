/**
 * HR contact's limits, shared by the tickets' calls (calls/hr-tickets.ts) and the settings' calls
 * (calls/hr-settings.ts) without either importing the other.
 */
export const hrLimits = {
  messageMax: 5_000,
  /** Attachments one message may carry, and the bytes of each (PDF, PNG, JPG or JPEG). */
  attachmentsMax: 5,
  attachmentBytesMax: 10 * 1024 * 1024,
  ratingCommentMax: 1_000,
  /** Days after resolution during which a message from the employee reopens the ticket. */
  reopenDays: 7,
  searchMax: 200,
  cannedTitleMax: 120,
  cannedBodyMax: 5_000,
  subjectNameMax: 120,
  holidayNameMax: 120,
  /** SLA targets are set in business hours. */
  slaHoursMax: 2_000,
  /** The share of a target at which the responsible administrator is warned. */
  slaWarningShare: 0.75,
} as const;
