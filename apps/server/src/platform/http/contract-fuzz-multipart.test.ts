import { fuzzMultipartCallsOrDownloads } from '../../test/contract-fuzz.ts';

// Every multipart call never answers 5xx, whatever its body, as each role that may call it, and a
// refused upload stores nothing (test/contract-fuzz.ts).
fuzzMultipartCallsOrDownloads('multipart calls');
