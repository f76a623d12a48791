import { readdir, readFile } from 'node:fs/promises';

export type OutboxMail = { to: string; subject: string; text: string; html: string };

/** Every mail in the local outbox (MAIL_OUTBOX_DIR) of this test file's functions, oldest first (files are named by the time sent). */
export async function readOutbox(dir = process.env.MAIL_OUTBOX_DIR ?? ''): Promise<OutboxMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(`${dir}/${file}`, 'utf8')) as OutboxMail));
}
