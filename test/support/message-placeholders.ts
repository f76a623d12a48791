import { compileMessage } from '@lingui/message-utils/compileMessage';

type Token = string | [string, string?, Record<string, Token[]>?];

/** The placeholder names a message uses, plural and select branches included. */
export function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown) => {
    // A plural's options hold its branches and also `offset`, which may be undefined.
    if (!Array.isArray(tokens)) return;
    for (const token of tokens as Token[]) {
      if (typeof token === 'string') continue;
      names.add(token[0]);
      for (const branch of Object.values(token[2] ?? {})) walk(branch);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}
