// Lints as: apps/server/src/modules/reminders/service.ts
// Breaks: no-restricted-syntax "The wire's 'S'/'N' stays at the edge"
export function probe(input: { flEmail: string }): boolean {
  return input.flEmail === 'S';
}
