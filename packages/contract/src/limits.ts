/** Business constants and limits of spec section 9, shared by server and web. */
export const limits = {
  httpTimeoutMs: 10_000,
  toastDurationMs: 5_000,
  socketReconnectDelayMs: 500,
  presencePingMs: 2_000,
  gestosFetchDelayMs: 3_000,
  pageSize: { timeline: 10, comments: 10, chatMessages: 10, userList: 100 },
  tablePaginationWindow: 9,
  groupAbbreviation: { min: 2, max: 5 },
  groupPhotoPx: 260,
  functionNameMax: 16,
  maxGroupsPerPost: 3,
  mediaMaxBytes: 60 * 1024 * 1024,
  postImage: { minWidth: 750, minHeight: 405, maxWidth: 1920, maxHeight: 1080 },
  announcementImage: { width: 1920, height: 1080 },
  postTextMaxDefault: 10,
  surveyOpenAnswerMax: 500,
  surveyOtherAnswerMax: 300,
  videoThumbnailAtSeconds: 1.5,
  /** Largest JSON body the API accepts; files travel as multipart with their own caps. */
  jsonBodyMaxBytes: 1024 * 1024,
  loginMax: 254,
  /** Wait before another SMS code may be sent to the same person. */
  smsResendSeconds: 60,
  passwordMax: 200,
} as const;

/** The spec's shared configuration (section 3). */
export const sharedConfig = {
  currentTimezone: 'America/Sao_Paulo',
  defaultTimezone: 'America/Sao_Paulo',
  is24hr: true,
  locale: 'pt-BR',
  textoPaginacaoTabela: null,
  mascaraData: '##/##/####',
  mascaraDataHora: '##/##/#### ##:##',
} as const;
