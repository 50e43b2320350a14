import type { z } from 'zod';

export type FieldWarnings<T> = Partial<Record<keyof T & string, string>>;

/** Runs a shared zod schema and keeps the first message per field, for field warnings in forms. */
export function fieldWarnings<T extends object>(schema: z.ZodType<unknown>, values: T): FieldWarnings<T> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const warnings: FieldWarnings<T> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !warnings[field as keyof T & string]) {
      warnings[field as keyof T & string] = issue.message;
    }
  }
  return warnings;
}

export function hasWarnings<T>(warnings: FieldWarnings<T>): boolean {
  return Object.values(warnings).some(Boolean);
}
