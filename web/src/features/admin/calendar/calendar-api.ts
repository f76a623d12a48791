import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod/mini';
import type { DateBlock } from '@shared/blocks';
import type { InventoryChart } from '@shared/inventory-chart';
import { onRealtimeEvent } from '@/lib/realtime';
import { adminRequest } from '../api/admin-request';

const chartSchema = z.custom<InventoryChart>((value) => typeof value === 'object' && value !== null && 'units' in value && Array.isArray(value.units));
const blockSchema = z.custom<DateBlock>((value) => typeof value === 'object' && value !== null && 'id' in value && 'checkIn' in value);

export const inventoryKey = (from: string, to: string) => ['admin', 'inventory', from, to] as const;

/** The staff events after which the calendar's nights may have changed. */
const changes = ['new-booking', 'booking-update', 'payment-received', 'block-created', 'block-removed', 'channel-conflict'] as const;

/** Every unit's nights from `from` up to `to` (GET /api/admin/inventory), read again whenever the admin socket says a stay changed. */
export function useInventory(from: string, to: string) {
  const client = useQueryClient();
  useEffect(() => {
    const stops = changes.map((event) => onRealtimeEvent(event, () => void client.invalidateQueries({ queryKey: ['admin', 'inventory'] })));
    return () => stops.forEach((stop) => stop());
  }, [client]);
  return useQuery({
    queryKey: inventoryKey(from, to),
    queryFn: ({ signal }) => adminRequest(`/admin/inventory?from=${from}&to=${to}`, chartSchema, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useCreateBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (block: { cottageId: string; checkIn: string; checkOut: string; reason: string }) =>
      adminRequest('/admin/blocks', blockSchema, { method: 'POST', body: block }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'inventory'] }),
  });
}

export function useRemoveBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest(`/admin/blocks/${id}`, blockSchema, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'inventory'] }),
  });
}
