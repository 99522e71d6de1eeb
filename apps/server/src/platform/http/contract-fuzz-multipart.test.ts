import { fuzzMultipartCallsAndDownloads } from '../../test/contract-fuzz.ts';

// Every multipart call and download never answers 5xx, whatever its body or address, as each role
// that may call it, and a refused upload stores nothing (test/contract-fuzz.ts).
fuzzMultipartCallsAndDownloads();
