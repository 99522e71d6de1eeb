import type { z } from 'zod';

/** A zod v4 check as its definition describes it (the parts the test generators read). */
export interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
}

/** A zod v4 schema's definition (classic and mini alike), with the parts the test generators read. */
export interface SchemaDef {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  pattern?: RegExp;
}
