import { fuzzJsonCalls } from '../../test/contract-fuzz.ts';

// Every JSON call never answers 5xx, whatever its body (test/contract-fuzz.ts): part 2 of 2.
fuzzJsonCalls(1, 2);
