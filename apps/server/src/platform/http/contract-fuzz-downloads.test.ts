import { fuzzMultipartCallsOrDownloads } from '../../test/contract-fuzz.ts';

// Every download never answers 5xx, whatever its address, as each role that may fetch it
// (test/contract-fuzz.ts).
fuzzMultipartCallsOrDownloads('downloads');
