/** Bearer token from the Authorization header (decisions: sessions and keys are bearers), or null. */
export function bearer(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  return match?.[1] ?? null
}
