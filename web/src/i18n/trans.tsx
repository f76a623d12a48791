import { TransNoContext } from '@lingui/react/server';
import type { ReactElement, ReactNode } from 'react';
import { i18n, useLocale, type MessageId } from './i18n';

/**
 * A message with elements inside it, kept one sentence so each language orders it its own way:
 * `Pay <0>{amount}</0> to confirm it.` with `components={{ 0: <strong /> }}`. A value may be an
 * element too (a button, a link). Lingui's own Trans, in its form without a provider, so it is
 * only in the chunks that show such a message; it renders again when the guest changes language.
 */
export function Trans({ id, values, components }: { id: MessageId; values?: Record<string, ReactNode>; components?: Record<string, ReactElement> }) {
  useLocale();
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n }} />;
}
