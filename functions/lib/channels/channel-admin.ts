import { randomUUID } from 'node:crypto';
import { channelMessages, SYNC_DAYS_AHEAD, type ChannelImport, type ChannelRequest } from '../../../shared/channels.ts';
import { addDaysIso, resortToday } from '../../../shared/stay.ts';
import type { Principal } from '../auth.ts';
import { config } from '../config.ts';
import { auditWrite } from '../db/audit.ts';
import { cottages } from '../db/catalogue.ts';
import { createChannelWrite, deleteChannelWrite, getChannel, listChannels, toChannelImport, type StoredChannel } from '../db/channels.ts';
import { releaseChannelNight, unitNights } from '../db/inventory.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain-errors.ts';
import { feedUrlProblem } from './feed-fetch.ts';

const auditSubject = (channel: StoredChannel) => ({ entity: 'channel', id: channel.id, label: `${channel.name} for ${channel.cottage_id}` });

/** A channel's feed for one unit to import; it is fetched by the next sync (on schedule, or Sync now). Audited. */
export async function addChannel(request: ChannelRequest, principal: Principal, now = Date.now()): Promise<ChannelImport> {
  const problem = feedUrlProblem(request.url, { local: config.STAGE === 'local' });
  if (problem) throw new InvalidInputError(problem, { details: { url: [problem] } });
  const unit = await cottages.get(request.cottageId);
  if (!unit) throw new NotFoundError(channelMessages.unitNotFound);
  if ((await listChannels()).some((channel) => channel.cottage_id === unit.id && channel.url === request.url))
    throw new ConflictError(channelMessages.exists, { details: { url: [channelMessages.exists] } });
  const channel: StoredChannel = {
    id: randomUUID(),
    cottage_id: unit.id,
    cottage_type: unit.type,
    name: request.name,
    url: request.url,
    created_at: new Date(now).toISOString(),
    created_by: { id: principal.userId, name: principal.name },
  };
  await transact([createChannelWrite(channel), auditWrite({ actor: principal, action: 'channel.create', subject: auditSubject(channel), after: channel })]);
  return toChannelImport(channel);
}

/** Stops importing a channel's feed: the nights its stays held from today on are free again. Audited. */
export async function removeChannel(id: string, principal: Principal, now = Date.now()): Promise<ChannelImport> {
  const channel = await getChannel(id);
  if (!channel) throw new NotFoundError(channelMessages.notFound);
  const today = resortToday(new Date(now));
  const nights = (await unitNights(channel.cottage_id, today, addDaysIso(today, SYNC_DAYS_AHEAD), now))
    .filter((entry) => 'channelId' in entry.holder && entry.holder.channelId === id)
    .map((entry) => releaseChannelNight(channel.cottage_id, entry.night, id));
  // The nights first, 98 at a time, the channel and its audit entry last: a removal cut short is finished by the next one.
  const last = [deleteChannelWrite(id), auditWrite({ actor: principal, action: 'channel.delete', subject: auditSubject(channel), before: channel })];
  for (let start = 0; start < nights.length; start += 98) {
    const chunk = nights.slice(start, start + 98);
    await transact(start + 98 >= nights.length ? [...chunk, ...last] : chunk).catch((error: unknown) => {
      if (error instanceof TransactionRefused) throw new ConflictError('The channel changed while it was removed: try again');
      throw error;
    });
  }
  if (nights.length === 0)
    await transact(last).catch((error: unknown) => {
      if (error instanceof TransactionRefused) throw new NotFoundError(channelMessages.notFound);
      throw error;
    });
  return toChannelImport(channel);
}

/** Each unit's imports, for the channels list. */
export async function importsByUnit(): Promise<Map<string, ChannelImport[]>> {
  const byUnit = new Map<string, ChannelImport[]>();
  for (const channel of await listChannels()) byUnit.set(channel.cottage_id, [...(byUnit.get(channel.cottage_id) ?? []), toChannelImport(channel)]);
  return byUnit;
}
