import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { ChannelImport, SyncResult, UnitChannels } from '@shared/channels';
import { adminRequest } from '../api/admin-request';

const listSchema = z.custom<{ units: UnitChannels[] }>(
  (value) => typeof value === 'object' && value !== null && 'units' in value && Array.isArray(value.units),
);
const importSchema = z.custom<ChannelImport>((value) => typeof value === 'object' && value !== null && 'id' in value && 'url' in value);
const syncSchema = z.custom<SyncResult>((value) => typeof value === 'object' && value !== null && 'imported' in value && 'conflicts' in value);
const rotatedSchema = z.custom<{ cottageId: string; exportUrl: string }>((value) => typeof value === 'object' && value !== null && 'exportUrl' in value);

const channelsKey = ['admin', 'channels'] as const;

export const useChannels = () => useQuery({ queryKey: channelsKey, queryFn: ({ signal }) => adminRequest('/admin/channels', listSchema, { signal }) });

/** The mutations of the Channels tab; each reads the list again (and the calendar, whose nights may have moved). */
export function useChannelActions() {
  const client = useQueryClient();
  const settled = () => {
    void client.invalidateQueries({ queryKey: channelsKey });
    void client.invalidateQueries({ queryKey: ['admin', 'inventory'] });
  };
  return {
    add: useMutation({
      mutationFn: (channel: { cottageId: string; name: string; url: string }) =>
        adminRequest('/admin/channels', importSchema, { method: 'POST', body: channel }),
      onSettled: settled,
    }),
    remove: useMutation({ mutationFn: (id: string) => adminRequest(`/admin/channels/${id}`, importSchema, { method: 'DELETE' }), onSettled: settled }),
    sync: useMutation({ mutationFn: (id: string) => adminRequest(`/admin/channels/${id}/sync`, syncSchema, { method: 'POST' }), onSettled: settled }),
    rotate: useMutation({
      mutationFn: (cottageId: string) => adminRequest(`/admin/channels/feeds/${cottageId}/rotate`, rotatedSchema, { method: 'POST' }),
      onSettled: settled,
    }),
  };
}
