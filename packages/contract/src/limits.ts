/** Business constants and limits of spec section 9, shared by server and web. */
export const limits = {
  httpTimeoutMs: 10_000,
  toastDurationMs: 5_000,
  socketReconnectDelayMs: 500,
  /**
   * The waits between consecutive failed chat connections (issue 29): the first reconnection after
   * an open socket closes waits socketReconnectDelayMs; each attempt that fails after it waits the
   * next of these, then the last one again.
   */
  socketRetryBackoffMs: [1_000, 2_000, 5_000, 10_000, 20_000, 30_000],
  presencePingMs: 2_000,
  gestosFetchDelayMs: 3_000,
  pageSize: { timeline: 10, comments: 10, chatMessages: 10, userList: 100, admin: 20 },
  tablePaginationWindow: 9,
  groupAbbreviation: { min: 2, max: 5 },
  groupPhotoPx: 260,
  functionNameMax: 16,
  maxGroupsPerPost: 3,
  mediaMaxBytes: 60 * 1024 * 1024,
  /** Images over this many pixels are refused on upload, from their header (decompression bombs). */
  imageMaxPixels: 50_000_000,
  postImage: { minWidth: 750, minHeight: 405, maxWidth: 1920, maxHeight: 1080 },
  announcementImage: { width: 1920, height: 1080 },
  postTextMaxDefault: 10,
  surveyOpenAnswerMax: 500,
  surveyOtherAnswerMax: 300,
  /** Authoring limits of a survey (administration). */
  survey: {
    titleMax: 200,
    descriptionMax: 4000,
    questionTitleMax: 500,
    optionTextMax: 300,
    questionsMax: 100,
    optionsMax: 50,
    groupsMax: 100,
    /** Files per upload question, at most, and the default when the author gives none. */
    uploadFilesMax: 10,
    uploadFilesDefault: 1,
    /** Total bytes of one upload question's files, at most, and the default. */
    uploadBytesMax: 60 * 1024 * 1024,
    uploadBytesDefault: 10 * 1024 * 1024,
  },
  videoThumbnailAtSeconds: 1.5,
  /** Largest JSON body the API accepts; files travel as multipart with their own caps. */
  jsonBodyMaxBytes: 1024 * 1024,
  loginMax: 254,
  /** Wait before another SMS code may be sent to the same person. */
  smsResendSeconds: 60,
  passwordMax: 200,
  /** The chat's limits (server-enforced; the web shows the same). */
  chat: {
    messageMaxChars: 4000,
    /** A frame larger than this is refused unread. */
    frameMaxBytes: 16 * 1024,
    audioSamplesMax: 100,
    audioMaxSeconds: 3600,
    mentionsMax: 50,
    /** Frames a socket may send per window, and the window. */
    framesPerWindow: 60,
    frameWindowSeconds: 10,
    /** Violations (oversize, flood) answered with an error before the socket is closed. */
    violationsBeforeClose: 3,
    connectionsPerUser: 10,
    /** Bytes waiting to be sent to a slow client before it is disconnected. */
    maxBufferedBytes: 4 * 1024 * 1024,
    /** A user who sends no ping for this long is offline. */
    presenceExpiryMs: 6_000,
    groupNameMax: 80,
    groupMembersMax: 1000,
    /** Seconds a socket has to send its first, authenticating frame. */
    authTimeoutSeconds: 10,
  },
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
